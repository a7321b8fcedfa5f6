import { ApiExtension, type OpenAPIObject } from '@nestjs/swagger';

type HeaderObject = NonNullable<NonNullable<OpenAPIObject['components']>['headers']>[string];
import { IDEMPOTENT_REPLAYED_HEADER } from '../idempotent-replayed.interceptor';

const IDEMPOTENT_REPLAY_EXTENSION = 'x-idempotent-replay';
/** Probes are never rate limited (see the rate limit hook). */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

const HEADERS: Record<string, HeaderObject> = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description:
      '`true` when this answer is the stored result of an earlier request with the same ' +
      'idempotency key (nothing was done again); absent on the first execution.',
    schema: { type: 'string', enum: ['true'] },
  },
  'RateLimit-Limit': {
    description: 'requests the credential (or, without one, the client address) may send at once',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'requests left at once after this one; the budget refills continuously',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'seconds until the whole budget is available again',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'on 429 `rate_limited`: seconds to wait before the next request is accepted',
    schema: { type: 'integer' },
  },
};

/** The route answers `Idempotent-Replayed: true` when its service replays a stored result. */
export function ApiIdempotentReplay(): MethodDecorator {
  return ApiExtension(IDEMPOTENT_REPLAY_EXTENSION, true);
}

/**
 * Documents the headers of the API conventions on every response: the RateLimit fields (and
 * Retry-After on errors), and Idempotent-Replayed on the successes of the routes that replay.
 */
export function documentConventionHeaders(document: OpenAPIObject): void {
  document.components = { ...document.components, headers: { ...HEADERS } };
  for (const [path, path_item] of Object.entries(document.paths)) {
    for (const operation of Object.values(path_item as Record<string, any>)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      const replays = operation[IDEMPOTENT_REPLAY_EXTENSION] === true;
      delete operation[IDEMPOTENT_REPLAY_EXTENSION];
      for (const [status, response] of Object.entries(operation.responses as Record<string, any>))
        response.headers = {
          ...response.headers,
          ...headersOf(status, { replays, limited: !UNLIMITED_PATHS.has(path) }),
        };
    }
  }
}

function headersOf(
  status: string,
  route: { replays: boolean; limited: boolean },
): Record<string, { $ref: string }> {
  const names: string[] = [];
  if (route.limited) names.push('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
  if (route.limited && (status === 'default' || status === '429')) names.push('Retry-After');
  if (route.replays && status.startsWith('2')) names.push(IDEMPOTENT_REPLAYED_HEADER);
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}
