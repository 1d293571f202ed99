/** How many times an error came again after its first line, and over how many seconds. */
export interface Repeats {
  count: number;
  seconds: number;
}

/**
 * Logs that survive an outage: an entry seen again within `intervalMs` of its first line is counted, not written, and
 * the count becomes one line when the interval ends (or at `flush`, when the server closes). A database or disk that
 * fails every request for a minute writes one stack and a few counts, not one stack per request.
 */
export class RepeatLimiter<E> {
  private readonly seen = new Map<string, { entry: E; since: number; count: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** writes an entry's first line (`repeats` undefined) or the count of its repeats */
    private readonly write: (entry: E, repeats?: Repeats) => void,
    private readonly now: () => number = Date.now,
    readonly intervalMs = 10_000,
    /** errors kept apart at most; past it the counts are written and forgotten */
    private readonly maxKeys = 1000,
  ) {}

  /** Write `entry` unless one with the same `key` was written less than an interval ago. */
  log(key: string, entry: E): void {
    const t = this.now();
    const known = this.seen.get(key);
    if (known && t - known.since < this.intervalMs) {
      known.count++;
      this.schedule();
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

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref?.();
  }
}

/** What an error line is written through: a pino logger (or a request's child of one, which adds its reqId). */
export interface ErrorSink {
  error(fields: object, message: string): void;
}

/**
 * `logError(label, error, log?)`: an error as one JSON line through pino (`err` with its type, message and stack;
 * `detail` when what failed is not an Error, and on the lines that count repeats), the line's `msg` is the label.
 * `log` writes the first line (a request's `request.log`: the line carries that request's id); default the limiter's.
 */
export type ErrorLog = ((label: string, error?: unknown, log?: ErrorSink) => void) & { flush(): void };

/**
 * Errors through a RepeatLimiter over a pino logger: errors are the same when their label and message are (their stacks
 * and the requests they came from may differ), so an outage writes its first stack and then one line per interval
 * with the count (`repeats`, `seconds`) of the same error since.
 */
export function limitedErrorLog(logger: ErrorSink, now: () => number = Date.now): ErrorLog {
  interface Entry {
    label: string;
    error: unknown;
    log: ErrorSink;
  }
  const fields = (error: unknown, brief: boolean): object => {
    if (error === undefined) return {};
    if (!(error instanceof Error)) return { detail: String(error) };
    // the count's line names the error without its stack (the first line has it)
    return brief ? { detail: `${error.name}: ${error.message}` } : { err: error };
  };
  const limiter = new RepeatLimiter<Entry>(
    ({ label, error, log }, repeats) =>
      repeats
        ? logger.error({ ...fields(error, true), repeats: repeats.count, seconds: repeats.seconds }, `${label} (the same error ${repeats.count} more time${repeats.count === 1 ? '' : 's'} in ${repeats.seconds} s)`)
        : log.error(fields(error, false), label),
    now,
  );
  const logError = (label: string, error?: unknown, log: ErrorSink = logger) => {
    const message = error === undefined ? '' : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    limiter.log(`${label} ${message}`, { label, error, log });
  };
  return Object.assign(logError, { flush: () => limiter.flush() });
}
