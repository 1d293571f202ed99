/**
 * Logs that survive an outage: an error seen again within `intervalMs` of its first line is counted, not written, and
 * the count becomes one line when the interval ends (or at `flush`, when the server closes). A database or disk that
 * fails every request for a minute writes one stack and a few counts, not one stack per request.
 */
export class RepeatLimiter {
  private readonly seen = new Map<string, { line: string; since: number; count: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly write: (msg: string) => void,
    private readonly now: () => number = Date.now,
    readonly intervalMs = 10_000,
    /** errors kept apart at most; past it the counts are written and forgotten */
    private readonly maxKeys = 1000,
  ) {}

  /** Write `line` unless an error with the same `key` was written less than an interval ago. */
  log(key: string, line: string): void {
    const t = this.now();
    const known = this.seen.get(key);
    if (known && t - known.since < this.intervalMs) {
      known.count++;
      this.schedule();
      return;
    }
    if (known?.count) this.write(summary(known, t));
    if (!known && this.seen.size >= this.maxKeys) this.flush();
    this.seen.set(key, { line, since: t, count: 0 });
    this.write(line);
  }

  /** Write every count not yet written and forget the errors. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const t = this.now();
    for (const entry of this.seen.values()) if (entry.count) this.write(summary(entry, t));
    this.seen.clear();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref?.();
  }
}

function summary(entry: { line: string; since: number; count: number }, t: number): string {
  const first = entry.line.split('\n', 1)[0] ?? '';
  const seconds = Math.max(1, Math.round((t - entry.since) / 1000));
  return `${first} (the same error ${entry.count} more time${entry.count === 1 ? '' : 's'} in ${seconds} s)`;
}

/**
 * `console.error(label, error)` through a RepeatLimiter: errors are the same when their label and message are (their
 * stacks and `where`, e.g. the request they came from, may differ), so an outage writes its first stack and then a
 * count per interval.
 */
export function limitedErrorLog(limiter: RepeatLimiter = new RepeatLimiter((m) => console.error(m))): (label: string, error?: unknown, where?: string) => void {
  return (label, error, where) => {
    const at = where ? ` (${where})` : '';
    if (error === undefined) return limiter.log(label, label + at);
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const detail = error instanceof Error ? (error.stack ?? message) : message;
    limiter.log(`${label} ${message}`, `${label}${at} ${detail}`);
  };
}
