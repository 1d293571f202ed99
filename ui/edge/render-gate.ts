/**
 * At most `limit` server renders at once, the others waiting in arrival order: 100 renders sharing the CPU all finish
 * late (p99 past a client's timeout); in turn, the throughput is the same and every request waits about as long.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`RenderGate: limit must be at least 1, got ${limit}`);
  }

  /** Runs `work` once fewer than `limit` others run; its place is handed to the next in line when it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((go) => this.waiting.push(go));
    try {
      return await work();
    } finally {
      // the place goes to the next in line as it is (running stays the same), else it is given back
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** renders under way and renders waiting (for tests and diagnostics) */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
