import { randomUUID } from 'node:crypto';
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { apiErrorOf, EnvironmentMismatchError } from './errors';
import { streamEvents, type EventStreamOptions, type StreamedEvent } from './event-stream';
import { DEFAULT_RETRY_POLICY, IDEMPOTENCY_KEY_HEADER, type RetryPolicy } from './retry-policy';
import { retryingFetch, type Fetch } from './retrying-fetch';
import type { paths } from './schema';

/** `test` is the sandbox (simulated funds), `live` real funds. */
export type Environment = 'test' | 'live';

/** The header every answer carries with the environment that served it. */
export const SERVICE_ENVIRONMENT_HEADER = 'service-environment';

interface CommonOptions {
  /** The gateway's address, such as `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** When given, an answer from the other environment throws EnvironmentMismatchError. */
  environment?: Environment;
  /** Retries after 429 and 503; `{max_retries: 0}` turns them off. */
  retry?: Partial<RetryPolicy>;
  /** Replaces the global fetch (a proxy agent, a test double). */
  fetch?: Fetch;
}

/** One credential at most: an API key (`pk_test_...`, `pk_...`) or a session's access token. */
export type ClientOptions = CommonOptions &
  (
    | { apiKey: string; accessToken?: never }
    | { accessToken: string; apiKey?: never }
    | { apiKey?: never; accessToken?: never }
  );

export interface PlatformClient extends Client<paths> {
  /** The account's events as they happen (Server-Sent Events), resuming after a cut. */
  events(options?: EventStreamOptions): AsyncGenerator<StreamedEvent>;
}

function credentialHeaders(options: ClientOptions): Record<string, string> {
  if (options.apiKey) return { 'X-API-Key': options.apiKey };
  if (options.accessToken) return { Authorization: `Bearer ${options.accessToken}` };
  return {};
}

function checkedKey(options: ClientOptions): void {
  const { apiKey, environment } = options;
  if (!apiKey || !environment) return;
  if (apiKey.startsWith('pk_test_') !== (environment === 'test'))
    throw new EnvironmentMismatchError(
      environment,
      apiKey.startsWith('pk_test_') ? 'test' : 'live',
    );
}

/**
 * Credentials on every request, an `Idempotency-Key` (a new UUID) on every POST that has none,
 * and error answers thrown as ApiError (`{error, message}`, status, request id).
 */
function platformMiddleware(options: ClientOptions): Middleware {
  const credentials = credentialHeaders(options);
  return {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(credentials))
        if (!request.headers.has(name)) request.headers.set(name, value);
      if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY_HEADER))
        request.headers.set(IDEMPOTENCY_KEY_HEADER, randomUUID());
      return request;
    },
    async onResponse({ response }) {
      const answered = response.headers.get(SERVICE_ENVIRONMENT_HEADER);
      if (options.environment && answered !== options.environment)
        throw new EnvironmentMismatchError(options.environment, answered);
      if (!response.ok) throw await apiErrorOf(response);
      return response;
    },
  };
}

/**
 * A typed client of the platform API (openapi-fetch over the generated `paths`): `GET`, `POST`...
 * take a path of the document and answer `{data, response}`; an error answer throws ApiError.
 * Requests that may be repeated (GET, PUT, DELETE, and every POST, which carries an idempotency
 * key) are sent again after 429 and 503 as `Retry-After` says, a bounded number of times.
 */
export function createClient(options: ClientOptions): PlatformClient {
  checkedKey(options);
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const fetch = retryingFetch({
    policy,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch });
  client.use(platformMiddleware(options));
  const events = (stream: EventStreamOptions = {}) =>
    streamEvents(async (last_event_id, first, signal) => {
      const { response } = await client.GET('/v1/events', {
        params: {
          query: {
            ...(stream.types ? { types: stream.types.join(',') } : {}),
            ...(first && stream.snapshot ? { snapshot: 'true' as const } : {}),
          },
        },
        headers: {
          Accept: 'text/event-stream',
          ...(last_event_id ? { 'Last-Event-ID': last_event_id } : {}),
        },
        parseAs: 'stream',
        signal,
      });
      return response;
    }, stream);
  return Object.assign(client, { events });
}

/**
 * The body of a call that succeeded (a failed one has thrown ApiError already):
 * `const { balances } = await dataOf(client.GET('/v1/balances'))`.
 */
export async function dataOf<Data>(
  call: Promise<{ data?: Data; response: Response }>,
): Promise<Data> {
  const { data } = await call;
  return data as Data;
}
