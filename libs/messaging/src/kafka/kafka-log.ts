import { logLevel, type logCreator } from 'kafkajs';

export type KafkaLogLevel = 'nothing' | 'error' | 'warn' | 'info' | 'debug';

export interface KafkaLogEntry {
  level: Exclude<KafkaLogLevel, 'nothing'>;
  namespace: string;
  message: string;
  extra: Record<string, unknown>;
}

export type KafkaLogSink = (entry: KafkaLogEntry) => void;

export function toKafkaLogLevel(level: KafkaLogLevel): logLevel {
  switch (level) {
    case 'nothing':
      return logLevel.NOTHING;
    case 'error':
      return logLevel.ERROR;
    case 'warn':
      return logLevel.WARN;
    case 'info':
      return logLevel.INFO;
    case 'debug':
      return logLevel.DEBUG;
    default: {
      const unknown: never = level;
      throw new Error(`unknown log level ${String(unknown)}`);
    }
  }
}

function levelName(level: logLevel): KafkaLogEntry['level'] {
  if (level <= logLevel.ERROR) return 'error';
  if (level === logLevel.WARN) return 'warn';
  if (level === logLevel.INFO) return 'info';
  return 'debug';
}

const SEVERITY: Record<KafkaLogEntry['level'], logLevel> = {
  error: logLevel.ERROR,
  warn: logLevel.WARN,
  info: logLevel.INFO,
  debug: logLevel.DEBUG,
};

/**
 * kafkajs logs every error response of the broker at error level, even those it retries and
 * recovers from (a topic that already exists, a coordinator still loading, a rebalance); those
 * are routine here and would drown real failures.
 */
function severityOf(
  namespace: string,
  message: string,
  level: KafkaLogEntry['level'],
): KafkaLogEntry['level'] {
  if (namespace === 'Connection' && message.startsWith('Response ')) return 'debug';
  if (message.includes('The group is rebalancing')) return 'info';
  return level;
}

/** One JSON line per entry on stderr, like the platform's pino logs. */
export const stderrSink: KafkaLogSink = (entry) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
};

export function logCreatorFor(sink: KafkaLogSink, threshold: KafkaLogLevel): logCreator {
  const most_verbose = toKafkaLogLevel(threshold);
  return () =>
    ({ namespace, level, log }) => {
      const {
        message,
        timestamp: _timestamp,
        logger: _logger,
        ...extra
      } = log as {
        message: string;
        timestamp: string;
        logger?: string;
      } & Record<string, unknown>;
      const severity = severityOf(namespace, message, levelName(level));
      if (SEVERITY[severity] <= most_verbose) sink({ level: severity, namespace, message, extra });
    };
}
