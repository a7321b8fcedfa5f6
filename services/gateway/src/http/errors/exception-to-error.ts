import { HttpException } from '@nestjs/common';
import { DomainError, isErrorCode, type ErrorCode } from '@platform/contracts';
import { BusTimeoutError } from '@platform/messaging';
import { INTERNAL_ERROR_BODY, httpStatusOf, type ErrorBody } from './error-body';

export interface MappedError {
  status: number;
  body: ErrorBody;
  /** True when the cause is unexpected: it is logged, and the body says nothing of it. */
  unexpected: boolean;
}

// Nest and Fastify raise HttpExceptions for what happens before our code runs (body too large,
// unsupported media type, guards); their status picks the catalog code.
const CODE_BY_HTTP_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function exceptionToError(exception: unknown): MappedError {
  if (exception instanceof DomainError) return fromDomainError(exception);
  // No reply in time is no answer: the command may still run, so the client must not take it as
  // failed. Spec section 7: retry with the same idempotency key, never create a second operation.
  if (exception instanceof BusTimeoutError)
    return known(
      'recovery_pending',
      'the operation did not complete in time and may still be applied: retry with the same idempotency key',
    );
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (isJsonSyntaxError(exception)) return known('invalid_json', 'request body is not valid JSON');
  return unexpected();
}

export function known(code: ErrorCode, message: string): MappedError {
  return { status: httpStatusOf(code), body: { error: code, message }, unexpected: false };
}

function unexpected(): MappedError {
  return { status: httpStatusOf('internal_error'), body: INTERNAL_ERROR_BODY, unexpected: true };
}

function fromDomainError(error: DomainError): MappedError {
  if (!isErrorCode(error.code) || error.code === 'internal_error') return unexpected();
  return known(error.code, error.message);
}

function fromHttpException(exception: HttpException): MappedError {
  const status = exception.getStatus();
  if (status >= 500) return unexpected();
  const code = CODE_BY_HTTP_STATUS[status] ?? 'invalid_request';
  return known(code, exception.message);
}

// Fastify's own JSON parser reports a syntax error with statusCode 400.
function isJsonSyntaxError(exception: unknown): boolean {
  return (
    exception instanceof SyntaxError &&
    (exception as SyntaxError & { statusCode?: number }).statusCode === 400
  );
}
