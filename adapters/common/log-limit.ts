/**
 * Logs that survive an outage: an entry seen again within `intervalMs` of its first line is counted, not written, and
 * the count becomes one line when the interval ends (or at `flush`, when the server closes). A database or disk that
 * fails every request for a minute writes one stack and a few counts, not one stack per request.
 */
export class RepeatLimiter<E> {
  private readonly seen = new Map<string, { entry: E; since: number; count: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** writes an entry's first line (`repeats` undefined) or how often it came again, over how many seconds */
    private readonly write: (entry: E, repeats?: { count: number; seconds: number }) => void,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 10_000,
    /** errors kept apart at most; past it the counts are written and forgotten */
    private readonly maxKeys = 1000,
  ) {}

  /** Write `entry` unless one with the same `key` was written less than an interval ago. */
  log(key: string, entry: E): void {
    const t = this.now();
    const known = this.seen.get(key);
    if (known && t - known.since < this.intervalMs) {
      known.count++;
      this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
      this.timer.unref?.();
      return;
    }
    if (known?.count) this.writeCount(known, t);
    if (!known && this.seen.size >= this.maxKeys) this.flush();
    this.seen.set(key, { entry, since: t, count: 0 });
    this.write(entry);
  }

  /** Write every count not yet written and forget the entries. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const t = this.now();
    for (const known of this.seen.values()) if (known.count) this.writeCount(known, t);
    this.seen.clear();
  }

  private writeCount(known: { entry: E; since: number; count: number }, t: number): void {
    this.write(known.entry, { count: known.count, seconds: Math.max(1, Math.round((t - known.since) / 1000)) });
  }
}

/** What an error line is written through: a pino logger (or a request's child of one, which adds its reqId). */
export interface ErrorSink {
  error(fields: object, message: string): void;
}

/**
 * `logError(label, error, log?)`: an error as one JSON line (`msg` the label; `err` with its stack, or `detail`), the
 * first through `log` (a request's `request.log`, whose lines carry its id), default the limiter's logger.
 */
export type ErrorLog = ((label: string, error?: unknown, log?: ErrorSink) => void) & { flush(): void };

/**
 * Errors through a RepeatLimiter over a pino logger: errors are the same when their label and message are (stacks and
 * requests may differ), so an outage writes its first stack, then one line per interval with the count since.
 */
export function limitedErrorLog(logger: ErrorSink, now: () => number = Date.now): ErrorLog {
  const limiter = new RepeatLimiter<{ label: string; error: unknown; detail: object; log: ErrorSink }>(
    ({ label, error, detail, log }, repeats) => {
      // the count's line names the error without its stack (the first line has it)
      if (!repeats) return log.error(error instanceof Error ? { err: error } : detail, label);
      const { count, seconds } = repeats;
      const again = `${count} more time${count === 1 ? '' : 's'}`;
      logger.error({ ...detail, repeats: count, seconds }, `${label} (the same error ${again} in ${seconds} s)`);
    },
    now,
  );
  const logError = (label: string, error?: unknown, log: ErrorSink = logger) => {
    const message = error === undefined ? '' : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const detail = error === undefined ? {} : { detail: message };
    limiter.log(`${label} ${message}`, { label, error, detail, log });
  };
  return Object.assign(logError, { flush: () => limiter.flush() });
}
