export * from './client';
export * from './errors';
export * from './event-stream';
export * from './retry-policy';
export { retryingFetch, type Fetch, type RetryingFetchOptions } from './retrying-fetch';
export * from './webhooks';
export type { components, operations, paths } from './schema';
