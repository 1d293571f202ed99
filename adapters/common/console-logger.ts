import type { Logger, LogLevel } from '../../core/ports/logger';

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Logger on the console, with a minimum level (debug messages are hidden by default). */
export class ConsoleLogger implements Logger {
  constructor(private readonly minLevel: LogLevel = 'info') {}
  private log(level: LogLevel, message: string, tag?: string, context?: unknown): void {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const line = tag ? `[${tag}] ${message}` : message;
    const out = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    if (context === undefined) out(line);
    else out(line, context);
  }
  debug(m: string, t?: string, c?: unknown): void {
    this.log('debug', m, t, c);
  }
  info(m: string, t?: string, c?: unknown): void {
    this.log('info', m, t, c);
  }
  warn(m: string, t?: string, c?: unknown): void {
    this.log('warn', m, t, c);
  }
  error(m: string, t?: string, c?: unknown): void {
    this.log('error', m, t, c);
  }
}
