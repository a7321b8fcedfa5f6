/**
 * The error catalog of spec section 7: each code with the HTTP status the gateway answers.
 * Domain code throws `DomainError(code)`; only the gateway maps the code to a status.
 */
export const ERROR_HTTP_STATUS = {
  // Filled in completely from the spec; see errors.spec.ts for the checks.
  unauthorized: 401,
  not_found: 404,
  invalid_json: 400,
  invalid_request: 400,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_HTTP_STATUS, value);
}

/** A typed failure of a rule. Carries no HTTP status: the edge decides that. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
