export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, tag?: string, context?: unknown): void;
  info(message: string, tag?: string, context?: unknown): void;
  warn(message: string, tag?: string, context?: unknown): void;
  error(message: string, tag?: string, context?: unknown): void;
}
