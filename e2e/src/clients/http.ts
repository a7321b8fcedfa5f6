import type { E2eEnvironment } from '../harness';

/**
 * The one HTTP core of every client: a suite reaches the platform only through its gateway, as a
 * client would. A target may be given as a function: suites build their clients where they declare
 * helpers, before `beforeAll` has started the platform.
 */
export type Target = E2eEnvironment | (() => E2eEnvironment);

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export const bearer = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
});

export interface Http {
  readonly base_url: string;
  readonly operator_token: string;
  readonly environment: E2eEnvironment['environment'];
  request(method: string, route: string, options?: RequestOptions): Promise<Response>;
  /** A call of the operator (`Authorization: Bearer <operator token>`). */
  operator(method: string, route: string, body?: unknown): Promise<Response>;
}

export function http(target: Target): Http {
  const resolve = () => (typeof target === 'function' ? target() : target);
  const request = (method: string, route: string, options: RequestOptions = {}) =>
    fetch(`${resolve().base_url}${route}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? bearer(options.token) : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  return {
    get base_url() {
      return resolve().base_url;
    },
    get operator_token() {
      return resolve().operator_token;
    },
    get environment() {
      return resolve().environment;
    },
    request,
    operator: (method, route, body) =>
      request(method, route, { token: resolve().operator_token, body }),
  };
}

/** Every refusal's body (spec §7). */
export interface ErrorBody {
  error: string;
  message: string;
  /** The same as the answer's X-Request-Id header. */
  request_id: string;
}

/** The parsed body; with `status`, after checking it (the failure shows the body to say why). */
export async function json<T = Record<string, unknown>>(
  response: Response,
  status?: number,
): Promise<T> {
  const text = await response.text();
  if (status !== undefined && response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** Exactly `{error, message}` with the given code, under the given status (spec §7). */
export async function expectError(response: Response, status: number, code: string) {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: shown as text in the failure
  }
  expect({ status: response.status, body }).toEqual({
    status,
    body: { error: code, message: expect.any(String), request_id: expect.any(String) },
  });
}

/** Polls `read` until `done` holds; never asserts on time, only gives up after many tries. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { attempts = 400, poll_ms = 50 } = {},
): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < attempts && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, poll_ms));
    value = await read();
  }
  if (!done(value))
    throw new Error(`the expected state was never reached: ${JSON.stringify(value)}`);
  return value;
}
