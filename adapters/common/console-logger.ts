import type { LogLevel } from '../../core/ports/logger';
import { LevelLogger } from './level-logger';

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Logger on the console, with a minimum level (debug messages are hidden by default). */
export class ConsoleLogger extends LevelLogger {
  constructor(private readonly minLevel: LogLevel = 'info') {
    super();
  }
  protected write(level: LogLevel, message: string, tag?: string, context?: unknown): void {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const line = tag ? `[${tag}] ${message}` : message;
    const out = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    if (context === undefined) out(line);
    else out(line, context);
  }
}
