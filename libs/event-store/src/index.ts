export * from './errors';
export { canonicalJson, chainHash, GENESIS_HASH, type HashedEvent } from './hash-chain';
export { PgEventStore } from './pg-event-store';
export { activeTraceContext, traceHeadersOf, type EventTraceContext } from './trace-context';
export * from './types';
