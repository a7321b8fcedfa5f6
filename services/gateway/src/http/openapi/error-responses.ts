import {
  defaultMessage,
  ERROR_HTTP_STATUS,
  isErrorCode,
  type ErrorCode,
} from '@platform/contracts';
import { CREDENTIAL_LEVEL_EXTENSION } from '../../auth/access.decorators';
import { credentialLevelRefusals } from '../../auth/access-rules';

/**
 * Per-status error responses of every operation, derived by one rule: a code of the error catalog
 * named in backticks in the operation's text (summary, description, body and parameter
 * descriptions, responses) answers with the catalog's status; so do the codes every route of its
 * kind can answer (a credential, a body, parameters, a path id, the rate limit). Each status gets
 * the error body schema and a description listing its codes.
 */
type Json = Record<string, any>;

export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const CODE_IN_BACKTICKS = /`([a-z][a-z0-9_]*)`/g;
/** The probes answer the orchestrator and are never rate limited. */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

const STATUS_TITLES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'The credential is missing or not valid',
  402: 'The balance is too low',
  403: 'Not allowed for this credential or account',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflicts with the current state',
  410: 'Expired',
  413: 'Too large',
  415: 'Unsupported content type',
  422: 'Could not be processed',
  429: 'Too many requests; retry after `Retry-After` seconds',
  431: 'Headers too large',
  500: 'Internal error',
  502: 'Could not be completed now; retry with the same idempotency key',
  503: 'Temporarily unavailable; retry with the same idempotency key',
};

export interface OperationContext {
  path: string;
  method: string;
  operation: Json;
}

/** Codes of the catalog named in backticks anywhere in `text`, in order, once each. */
export function codesNamedIn(text: string): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const match of text.matchAll(CODE_IN_BACKTICKS)) {
    const code = match[1];
    if (isErrorCode(code) && ERROR_HTTP_STATUS[code] >= 400) codes.add(code);
  }
  return [...codes];
}

/** The codes any route of this shape answers, whatever its own text says. */
export function implicitCodes({ path, method, operation }: OperationContext): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const credentialed = Array.isArray(operation.security) && operation.security.length > 0;
  const parameters: Json[] = operation.parameters ?? [];
  if (operation.requestBody) codes.push('invalid_json', 'invalid_request');
  else if (parameters.length > 0) codes.push('invalid_request');
  if (credentialed) {
    const refusals = credentialLevelRefusals(operation[CREDENTIAL_LEVEL_EXTENSION]);
    codes.push('unauthorized', ...refusals.codes);
    if (refusals.takes_accounts && method !== 'get') codes.push('account_blocked');
  }
  if (parameters.some((parameter) => parameter.in === 'path')) codes.push('not_found');
  if (!UNLIMITED_PATHS.has(path)) codes.push('rate_limited');
  if (credentialed) codes.push('service_unavailable');
  // The HTTP server refuses oversized headers on any route: the one 4xx a probe can answer.
  if (!codes.some((code) => ERROR_HTTP_STATUS[code] < 500)) codes.push('headers_too_large');
  return codes;
}

/** Every text of an operation a reader sees, where its error codes are named. */
export function operationText(operation: Json): string {
  const texts: string[] = [operation.summary ?? '', operation.description ?? ''];
  texts.push(operation.requestBody?.description ?? '');
  for (const parameter of (operation.parameters ?? []) as Json[])
    texts.push(parameter.description ?? '');
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Json))
    if (/^[45]/.test(status)) texts.push((response as Json).description ?? '');
  return texts.join('\n');
}

/** The operation's codes grouped by status, in status order. */
export function errorCodesByStatus(context: OperationContext): Map<number, ErrorCode[]> {
  const codes = new Set([
    ...codesNamedIn(operationText(context.operation)),
    ...implicitCodes(context),
  ]);
  const by_status = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_HTTP_STATUS[code];
    by_status.set(status, [...(by_status.get(status) ?? []), code]);
  }
  return new Map([...by_status].sort(([a], [b]) => a - b));
}

/**
 * Adds (or completes) one response per error status of each operation: its description names
 * every code it can answer, its body is the error body with an example of the first code.
 */
export function addErrorResponses(document: Json, error_body_example: Json): void {
  for (const [path, path_item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(path_item as Json)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      for (const [status, codes] of errorCodesByStatus({ path, method, operation }))
        operation.responses[String(status)] = errorResponse(
          operation.responses[String(status)],
          status,
          codes,
          error_body_example,
        );
    }
  }
}

function errorResponse(
  existing: Json | undefined,
  status: number,
  codes: ErrorCode[],
  error_body_example: Json,
): Json {
  const listed = codes.map((code) => `\`${code}\``);
  const current: string = existing?.description ?? '';
  const missing = listed.filter((code) => !current.includes(code));
  const description =
    current === ''
      ? `${STATUS_TITLES[status] ?? 'Error'}: ${listed.join(', ')}`
      : missing.length === 0
        ? current
        : `${current}; also ${missing.join(', ')}`;
  const first = codes[0]!;
  return {
    ...existing,
    description,
    content: {
      'application/json': {
        schema: { $ref: ERROR_BODY_REF },
        example: { ...error_body_example, error: first, message: defaultMessage(first) },
      },
    },
  };
}

/** The catch-all answer: 5xx faults and anything else; the body is the same error body. */
export function defaultErrorResponse(error_body_example: Json): Json {
  return {
    description: 'Any other error, such as 500 `internal_error`; always the error body',
    content: {
      'application/json': {
        schema: { $ref: ERROR_BODY_REF },
        example: {
          ...error_body_example,
          error: 'internal_error',
          message: defaultMessage('internal_error'),
        },
      },
    },
  };
}
