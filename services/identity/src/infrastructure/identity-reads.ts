import { notifiedCacheProvider } from '@platform/runtime';

/**
 * The answers of identity's hottest reads, asked on every request that moves money (is the
 * session live, who is the recipient), kept until a row they came from changes (migration 016's
 * triggers notify `identity_reads` with the changed row's tags, whoever changes it). Rows this
 * process changes are forgotten at once by `ForgetReadsAfterChanges`, before the command that
 * changed them answers. Injected as a `NotifiedCache`.
 */
export const IDENTITY_READS = Symbol('IDENTITY_READS');

export const identityReadsProvider = notifiedCacheProvider(IDENTITY_READS, {
  channel: 'identity_reads',
  // Enough for every session busy at once on one process; an answer is a few hundred bytes.
  capacity: 20_000,
  // A bound on what a notification lost without its connection dropping could cost.
  ttl_ms: 60_000,
});
