/** The header every answer of the platform carries with the request's id (quote it to support). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An error answer of the platform: its HTTP status and the `{error, message}` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The machine-readable code of the body's `error` (`insufficient_funds`, `rate_limited`...). */
    readonly code: string,
    message: string,
    /** The `X-Request-ID` of the answer, when it had one. */
    readonly request_id: string | null,
  ) {
    super(message);
  }
}

/** An answer from the other environment than the client was made for (a sandbox key on live...). */
export class EnvironmentMismatchError extends Error {
  override readonly name = 'EnvironmentMismatchError';

  constructor(
    readonly expected: string,
    readonly answered: string | null,
  ) {
    super(`the client expects the ${expected} environment; the server answered ${answered}`);
  }
}

function bodyField(body: unknown, field: 'error' | 'message'): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/**
 * The ApiError of an error answer. A body that is not `{error, message}` (a proxy's page) keeps
 * the status, with `http_<status>` as its code.
 */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: described by its status below
  }
  return new ApiError(
    response.status,
    bodyField(body, 'error') ?? `http_${response.status}`,
    bodyField(body, 'message') ?? (response.statusText || `HTTP ${response.status}`),
    response.headers.get(REQUEST_ID_HEADER),
  );
}
