/**
 * At most `limit` server renders at once in a process; the others wait their turn in arrival order (issue 8: latency
 * under load). A render is CPU work split over many event-loop turns (React schedules its work, the compressor answers
 * through the thread pool): with 100 renders under way in one worker they all share the CPU and all finish late, the
 * oldest as late as the newest, so the slowest answers (p99) run past a client's timeout while the average is fine.
 * Taking them in turn gives the same throughput and every request about the same wait (queue length x render time).
 * A cache hit, a 304, a static file or the API pass-through never waits here.
 */
export class RenderGate {
  private running = 0;
  /** in arrival order (`at`; equal times in the order they came to the gate) */
  private readonly waiting: Array<{ at: number; go: () => void }> = [];
  /** places now: `limit`, or 1 while connections arrive (narrow) */
  private places: number;
  private narrowed = 0;
  private watching = false;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`RenderGate: limit must be at least 1, got ${limit}`);
    this.places = limit;
  }

  /**
   * Runs `work` once fewer than `limit` others run; its place is handed to the next in line when it ends. `at`: when
   * the request arrived (ms; default now), the line's order: a request that reached this process late (the first of a
   * connection the primary accepted a while ago, issue 8 sixth pass) goes before those that arrived after it.
   */
  async run<T>(work: () => Promise<T>, at: number = Date.now()): Promise<T> {
    if (this.running < this.places) this.running++;
    else
      await new Promise<void>((go) => {
        let i = this.waiting.length;
        while (i > 0 && this.waiting[i - 1]!.at > at) i--;
        this.waiting.splice(i, 0, { at, go });
      });
    try {
      return await work();
    } finally {
      // the place goes to the next in line as it is (running stays the same), else it is given back; fewer places
      // (narrowed) than renders under way: given back
      const next = this.running <= this.places ? this.waiting.shift() : undefined;
      if (next) next.go();
      else this.running--;
    }
  }

  /**
   * One place only, until a turn of the event loop has passed without another call (issue 8, sixth pass): a worker
   * the primary hands connections to receives them one per event-loop turn (node's IPC waits for the worker to take a
   * handle before sending the next), and a turn running 4 renders lasts ~30 ms, so 100 connections opened at once
   * reached a worker over 3-5 s. With one render a turn while they arrive, turns are a render long.
   */
  narrow(): void {
    this.narrowed++;
    this.places = 1;
    if (this.watching) return;
    this.watching = true;
    const watch = (seen: number) =>
      // two hops: the first runs in this turn's check phase, the second after the next turn's poll phase (where the
      // next connection would arrive)
      setImmediate(() =>
        setImmediate(() => {
          if (this.narrowed !== seen) return watch(this.narrowed);
          this.watching = false;
          this.places = this.limit;
          while (this.running < this.places && this.waiting.length > 0) {
            this.running++;
            this.waiting.shift()!.go();
          }
        }),
      );
    watch(this.narrowed);
  }

  /** renders under way and renders waiting (for tests and diagnostics) */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
