/**
 * SQLSTATE classes and codes of failures that say nothing about the record being worked on: the
 * server or the connection is unavailable, or this transaction lost a race that a retry wins.
 */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53', '57P'];
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03', '55006']);
/** Node's network errors: the other end is unreachable or went away. */
const TRANSIENT_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** Errors of our bus and of kafkajs that mean "no one could answer now". */
const TRANSIENT_ERROR_NAMES = new Set([
  'BusTimeoutError',
  'BusClosedError',
  'NoHandlerError',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
]);
/** What node-postgres says when it loses or cannot get a connection (these carry no code). */
const TRANSIENT_PG_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when a failure is about the infrastructure (database or bus unavailable, a lost race),
 * not about the record: such failures are retried without counting toward setting it aside.
 */
export function isTransientFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message, retriable } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    retriable?: unknown;
  };
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_ERRNOS.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.some((c) => code.startsWith(c)))
      return true;
  }
  if (typeof name === 'string' && TRANSIENT_ERROR_NAMES.has(name)) return true;
  if (retriable === true) return true;
  if (typeof message === 'string' && TRANSIENT_PG_MESSAGES.some((text) => message.includes(text)))
    return true;
  return false;
}

/** Longest reason kept: the start of a message says what went wrong. */
const MAX_REASON_LENGTH = 1_000;

/**
 * The reason recorded for a failure: its message, with the credentials of any URL in it
 * masked and the text made storable (no NUL, no unpaired surrogate), cut to a readable length.
 */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const masked = message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@')
    .replace(/\b(password|secret|token)=\S+/gi, '$1=***');
  return storableText(masked).slice(0, MAX_REASON_LENGTH);
}

const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL accepts: no NUL character and no unpaired surrogate. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\ufffd').replace(UNPAIRED_SURROGATE, '\ufffd');
}
