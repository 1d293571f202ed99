import type { LogLevel } from '../../core/ports/logger';
import { LevelLogger } from './level-logger';
import { RepeatLimiter } from './log-limit';

/** a pino logger, or a child of one (Fastify's request.log) */
export type PinoMethods = Record<LogLevel, (fields: object, message: string) => void>;

interface PlainWarning { log: PinoMethods; fields: object; message: string }

/**
 * Plain warn lines (no context: an expected client error, such as a wrong order-status hash) shared by every render's
 * logger: the same line again within the interval is counted, and the count written as one line.
 */
export const plainWarnings = (now?: () => number): RepeatLimiter<PlainWarning> =>
  new RepeatLimiter<PlainWarning>(({ log, fields, message }, r) =>
    log.warn(r ? { ...fields, repeats: r.count, seconds: r.seconds } : fields, r ? `${message} (${r.count} more in ${r.seconds} s)` : message), now);

/** The core's Logger port over pino (a render gets its request's child logger), `tag` and context as fields. */
export class PinoLogger extends LevelLogger {
  constructor(
    private readonly pino: PinoMethods,
    private readonly warnings?: RepeatLimiter<PlainWarning>,
  ) {
    super();
  }

  protected write(level: LogLevel, message: string, tag?: string, context?: unknown): void {
    const fields = { ...(tag ? { tag } : {}), ...(context === undefined ? {} : context instanceof Error ? { err: context } : { context }) };
    if (level === 'warn' && context === undefined && this.warnings) this.warnings.log(`${tag} ${message}`, { log: this.pino, fields, message });
    else this.pino[level](fields, message);
  }
}
