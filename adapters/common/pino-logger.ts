import type { Logger, LogLevel } from '../../core/ports/logger';

/** a pino logger, or a child of one (Fastify's request.log) */
export type PinoMethods = Record<LogLevel, (fields: object, message: string) => void>;

/**
 * The core's Logger port over pino: what the services of a server render log becomes a JSON line of the storefront's
 * logger (ui/server.ts hands each render its request's child, so the line carries the reqId), with `tag` and the
 * context (`err` when it is an Error) as fields.
 */
export class PinoLogger implements Logger {
  constructor(private readonly pino: PinoMethods) {}

  private write(level: LogLevel, message: string, tag?: string, context?: unknown): void {
    const fields = { ...(tag ? { tag } : {}), ...(context === undefined ? {} : context instanceof Error ? { err: context } : { context }) };
    this.pino[level](fields, message);
  }
  debug(m: string, t?: string, c?: unknown): void {
    this.write('debug', m, t, c);
  }
  info(m: string, t?: string, c?: unknown): void {
    this.write('info', m, t, c);
  }
  warn(m: string, t?: string, c?: unknown): void {
    this.write('warn', m, t, c);
  }
  error(m: string, t?: string, c?: unknown): void {
    this.write('error', m, t, c);
  }
}
