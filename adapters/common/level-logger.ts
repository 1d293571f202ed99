import type { Logger, LogLevel } from '../../core/ports/logger';

/** The Logger port's four methods over one writer that takes the level: what the console and the pino logger share. */
export abstract class LevelLogger implements Logger {
  protected abstract write(level: LogLevel, message: string, tag?: string, context?: unknown): void;
  readonly debug = (m: string, t?: string, c?: unknown): void => this.write('debug', m, t, c);
  readonly info = (m: string, t?: string, c?: unknown): void => this.write('info', m, t, c);
  readonly warn = (m: string, t?: string, c?: unknown): void => this.write('warn', m, t, c);
  readonly error = (m: string, t?: string, c?: unknown): void => this.write('error', m, t, c);
}
