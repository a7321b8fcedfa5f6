import { hostname } from 'node:os';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { processObservabilitySettings } from './observability.settings';
import type { TelemetryEnvironment } from './telemetry';
import { activeTraceIds } from './spans';

export type { Logger } from 'pino';

export interface LoggerOptions {
  service: string;
  environment: TelemetryEnvironment;
  /** Default: LOG_LEVEL, else `info`. */
  level?: Level | 'silent';
  /** Default stdout; tests pass a memory stream. */
  destination?: DestinationStream;
}

/** Secrets that must never reach a log line, at the top level or one object deep. */
// `private_key` and `seed`: a wallet import body or export reply must never reach a log line;
// `pan` and `cvv`: nor a card's full number and security code.
const REDACTED_PATHS = [
  'password',
  'secret',
  'api_key',
  'authorization',
  'token',
  'otp',
  'private_key',
  'seed',
  'pan',
  'cvv',
].flatMap((key) => [key, `*.${key}`]);

/**
 * JSON logs, one object a line, each carrying `trace_id`/`span_id` of the active span so a log
 * line leads to its trace and back.
 */
export function createLogger(options: LoggerOptions): Logger {
  const level = options.level ?? processObservabilitySettings().LOG_LEVEL;
  const config: pino.LoggerOptions = {
    level,
    base: { service: options.service, environment: options.environment, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => activeTraceIds() ?? {},
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  // pino's own default destination writes stdout synchronously: nothing is lost on a crash.
  return options.destination ? pino(config, options.destination) : pino(config);
}
