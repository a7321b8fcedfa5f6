import type { PoolClient } from 'pg';

/**
 * Serializes one account's requests of one kind (`own-report`, `seal`) until the transaction of
 * `client` ends: two at once see each other's work instead of both making one.
 */
export async function lockAccountFor(
  client: PoolClient,
  scope: string,
  account_id: string,
): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [`${scope}:${account_id}`]);
}
