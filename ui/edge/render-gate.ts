/**
 * At most `limit` server renders at once in a process; the others wait their turn in arrival order. A render is CPU
 * work split over many event-loop turns: with 100 renders under way in one worker they all share the CPU and all
 * finish late, the oldest as late as the newest, so the slowest answers (p99) run past a client's timeout while the
 * average is fine. Taking them in turn gives the same throughput and every request about the same wait (queue length
 * x render time). A cache hit, a 304, a static file or the API pass-through never waits here.
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
