import type { LogLevel } from '../../core/ports/logger';
import { LevelLogger } from './level-logger';

/** a pino logger, or a child of one (Fastify's request.log) */
export type PinoMethods = Record<LogLevel, (fields: object, message: string) => void>;

/** The core's Logger port over pino (a render gets its request's child logger), `tag` and context as fields. */
export class PinoLogger extends LevelLogger {
  constructor(private readonly pino: PinoMethods) {
    super();
  }

  protected write(level: LogLevel, message: string, tag?: string, context?: unknown): void {
    const fields = { ...(tag ? { tag } : {}), ...(context === undefined ? {} : context instanceof Error ? { err: context } : { context }) };
    this.pino[level](fields, message);
  }
}
