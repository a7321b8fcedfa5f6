import type { Pool } from 'pg';
import type { PgEventStore, Subscription } from '@platform/event-store';
import { withTransaction, type DeadLetters } from '@platform/persistence';
import { LEDGER_EVENT_TYPES } from '../domain';
import { applyBalanceEvents } from './balances-projection';
import { LEDGER_EVENTS_SCHEMA } from './ledger-store';
import { applyMovementEvents } from './movements-projection';
import {
  ACCOUNT_STREAM_PREFIX,
  LEDGER_PROJECTIONS_SUBSCRIPTION,
  LEDGER_SUBSCRIPTION_LINGER_MS,
  replayRange,
} from './projection-replay';

/**
 * Before one subscription kept both projections, each had its own. Their checkpoints are taken
 * over once (see takeOverLegacyCheckpoints), then left at RETIRED_POSITION: a ledger process of
 * an older version still running them then finds nothing to read, instead of starting over.
 */
export const LEGACY_PROJECTION_SUBSCRIPTIONS = ['projection:balances', 'projection:movements'];
export const RETIRED_POSITION = '9223372036854775807';

/**
 * Keeps the balances and movements projections up to date from one read of each batch; both and
 * the checkpoint commit together. An event they cannot apply is set aside in `dead_letters` (its
 * source is the subscription's name), so one bad event never stops them for every account.
 */
export function startLedgerProjections(
  store: PgEventStore,
  dead_letters: DeadLetters,
  on_error?: (error: unknown) => void,
): Subscription {
  return store.subscribe({
    name: LEDGER_PROJECTIONS_SUBSCRIPTION,
    dead_letters,
    from: 'start',
    stream_prefix: ACCOUNT_STREAM_PREFIX,
    types: LEDGER_EVENT_TYPES,
    linger_ms: LEDGER_SUBSCRIPTION_LINGER_MS,
    on_error,
    // Derived from the events with its checkpoint: a batch a server crash undoes is applied again.
    synchronous_commit: false,
    handler: async (events, client) => {
      await applyBalanceEvents(client, events);
      await applyMovementEvents(client, events);
    },
  });
}

/**
 * Run before startLedgerProjections. Where the per-projection checkpoints of an older version
 * exist, brings the one behind up to the other (each projection has applied exactly the events
 * up to its own checkpoint, and all events up to either have committed), starts the single
 * checkpoint there and retires theirs; all in one transaction, once, whichever process runs it
 * first. Returns the position taken over, or null when there was nothing to take over.
 */
export async function takeOverLegacyCheckpoints(pool: Pool): Promise<string | null> {
  return withTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [
      `${LEDGER_EVENTS_SCHEMA}.projection_takeover`,
    ]);
    const { rows } = await client.query<{ name: string; position: string }>(
      `select name, position::text from ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints
        where name = any($1::text[]) for update`,
      [[LEDGER_PROJECTIONS_SUBSCRIPTION, ...LEGACY_PROJECTION_SUBSCRIPTIONS]],
    );
    const legacy = rows.filter(
      (row) => row.name !== LEDGER_PROJECTIONS_SUBSCRIPTION && row.position !== RETIRED_POSITION,
    );
    if (legacy.length === 0) return null;
    if (rows.some((row) => row.name === LEDGER_PROJECTIONS_SUBSCRIPTION)) {
      throw new Error('the ledger projections have both a single and per-projection checkpoints');
    }
    // A projection without a checkpoint row never applied an event: it starts from zero.
    const at = (name: string) => legacy.find((row) => row.name === name)?.position ?? '0';
    const [balances_at, movements_at] = LEGACY_PROJECTION_SUBSCRIPTIONS.map(at) as [string, string];
    const up_to = BigInt(balances_at) > BigInt(movements_at) ? balances_at : movements_at;
    await replayRange(client, { after: balances_at, up_to }, applyBalanceEvents);
    await replayRange(client, { after: movements_at, up_to }, applyMovementEvents);
    await client.query(
      `insert into ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints (name, position)
       values ($1, $2::bigint)`,
      [LEDGER_PROJECTIONS_SUBSCRIPTION, up_to],
    );
    await client.query(
      `update ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints
          set position = $2::bigint, updated_at = now()
        where name = any($1::text[])`,
      [LEGACY_PROJECTION_SUBSCRIPTIONS, RETIRED_POSITION],
    );
    return up_to;
  });
}
