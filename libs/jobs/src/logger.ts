import { Logger, type LogLevel } from 'graphile-worker';

export type JobLogLevel = 'error' | 'warn' | 'info' | 'debug';

/** The shape of a pino logger's methods, so one can be passed straight in. */
export interface JobLogger {
  error(meta: Record<string, unknown>, message: string): void;
  warn(meta: Record<string, unknown>, message: string): void;
  info(meta: Record<string, unknown>, message: string): void;
  debug(meta: Record<string, unknown>, message: string): void;
}

const SEVERITY: Record<JobLogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

const consoleJobLogger: JobLogger = {
  error: (meta, message) => console.error(`[jobs] ${message}`, meta),
  warn: (meta, message) => console.warn(`[jobs] ${message}`, meta),
  info: (meta, message) => console.info(`[jobs] ${message}`, meta),
  debug: (meta, message) => console.debug(`[jobs] ${message}`, meta),
};

function toJobLogLevel(level: LogLevel): JobLogLevel {
  // graphile's LogLevel is a const enum of these strings; compare as text so no enum is needed at runtime.
  const text: string = level;
  switch (text) {
    case 'error':
      return 'error';
    case 'warning':
      return 'warn';
    case 'info':
      return 'info';
    default:
      return 'debug';
  }
}

/**
 * Adapts our logger to graphile-worker's. Graphile-worker reports every poll, connection and
 * migration at info level; below `min_level` (default warn) those are dropped.
 */
export function graphileLogger(
  schema: string,
  logger: JobLogger = consoleJobLogger,
  min_level: JobLogLevel = 'warn',
): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const job_level = toJobLogLevel(level);
    if (SEVERITY[job_level] > SEVERITY[min_level]) return;
    logger[job_level]({ job_schema: schema, ...scope, ...meta }, message);
  });
}
