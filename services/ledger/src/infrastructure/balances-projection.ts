import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import type { PgEventStore, RecordedEvent, Subscription } from '@platform/event-store';
import { ASSET_CODES, ASSETS, Money, isAsset, type Asset } from '@platform/money';
import { withTransaction } from '@platform/persistence';
import { balanceChangeOf, LEDGER_EVENT_TYPES, type LedgerEvent } from '../domain';
import { LEDGER_EVENTS_SCHEMA } from './ledger-store';

export const LEDGER_MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
/** The ledger's own schema, where its projections live. */
export const LEDGER_SCHEMA = 'ledger';
export const BALANCES_SUBSCRIPTION = 'projection:balances';

const ACCOUNT_STREAM_PREFIX = 'account-';
const REPLAY_PAGE_SIZE = 1000;

interface BalanceDelta {
  account_id: string;
  available: Money<Asset>;
  held: Money<Asset>;
}

/**
 * Applies a batch in the caller's transaction: the batch's changes are summed per account and
 * asset first, so a busy account costs one row update per batch, not one per event.
 */
export async function applyBalanceEvents(
  client: PoolClient,
  events: readonly Pick<RecordedEvent, 'type' | 'data'>[],
): Promise<void> {
  const deltas = new Map<string, BalanceDelta>();
  for (const recorded of events) {
    if (!(LEDGER_EVENT_TYPES as readonly string[]).includes(recorded.type)) continue;
    const event = { type: recorded.type, data: recorded.data } as LedgerEvent;
    const change = balanceChangeOf(event);
    const key = `${event.data.account_id}\u0000${event.data.asset}`;
    const sum = deltas.get(key);
    deltas.set(
      key,
      sum
        ? {
            account_id: sum.account_id,
            available: sum.available.add(change.available),
            held: sum.held.add(change.held),
          }
        : { account_id: event.data.account_id, ...change },
    );
  }
  if (deltas.size === 0) return;
  const rows = [...deltas.values()];
  await client.query(
    `insert into ${LEDGER_SCHEMA}.balances (account_id, asset, available, held, total)
     select account_id, asset, available, held, available + held
       from unnest($1::text[], $2::text[], $3::numeric[], $4::numeric[])
         as delta(account_id, asset, available, held)
     on conflict (account_id, asset) do update set
       available = balances.available + excluded.available,
       held = balances.held + excluded.held,
       total = balances.total + excluded.total`,
    [
      rows.map((row) => row.account_id),
      rows.map((row) => row.available.asset),
      rows.map((row) => row.available.toString()),
      rows.map((row) => row.held.toString()),
    ],
  );
}

/** Keeps the balances projection up to date; it and its checkpoint commit together. */
export function startBalancesProjection(
  store: PgEventStore,
  on_error?: (error: unknown) => void,
): Subscription {
  return store.subscribe({
    name: BALANCES_SUBSCRIPTION,
    from: 'start',
    stream_prefix: ACCOUNT_STREAM_PREFIX,
    types: LEDGER_EVENT_TYPES,
    on_error,
    handler: (events, client) => applyBalanceEvents(client, events),
  });
}

/**
 * Rebuilds the projection from zero: empties it and replays, in one transaction, every ledger
 * event up to the live subscription's checkpoint, which it holds meanwhile (so the live one
 * waits, then resumes where it was). Events at or below a checkpoint have all committed, so
 * the replay applies exactly what the live projection had. Returns how many events it replayed.
 */
export async function rebuildBalances(pool: Pool): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ position: string }>(
      `select position::text from ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints
        where name = $1 for update`,
      [BALANCES_SUBSCRIPTION],
    );
    const checkpoint = rows[0]?.position ?? '0';
    await client.query(`truncate ${LEDGER_SCHEMA}.balances`);
    let after_position = '0';
    let replayed = 0;
    for (;;) {
      const page = await client.query<{ position: string; type: string; data: unknown }>(
        `select position::text, type, data from ${LEDGER_EVENTS_SCHEMA}.events
          where position > $1::bigint and position <= $2::bigint
            and stream like $3 and type = any($4::text[])
          order by events.position limit $5`,
        [
          after_position,
          checkpoint,
          `${ACCOUNT_STREAM_PREFIX}%`,
          LEDGER_EVENT_TYPES,
          REPLAY_PAGE_SIZE,
        ],
      );
      await applyBalanceEvents(client, page.rows);
      replayed += page.rows.length;
      after_position = page.rows.at(-1)?.position ?? after_position;
      if (page.rows.length < REPLAY_PAGE_SIZE) return replayed;
    }
  });
}

export interface AssetBalanceView {
  asset: Asset;
  decimals: number;
  available: string;
  held: string;
  total: string;
}

/** The ten balances of one account as the projection has them, zero where nothing moved. */
export async function readBalances(pool: Pool, account_id: string): Promise<AssetBalanceView[]> {
  const { rows } = await pool.query<{
    asset: string;
    available: string;
    held: string;
    total: string;
  }>(
    `select asset, available::text, held::text, total::text
       from ${LEDGER_SCHEMA}.balances where account_id = $1`,
    [account_id],
  );
  const stored = new Map(rows.filter((row) => isAsset(row.asset)).map((row) => [row.asset, row]));
  return ASSET_CODES.map((asset) => {
    const row = stored.get(asset);
    const text = (value: string | undefined) => Money.parseSigned(asset, value ?? '0').toString();
    return {
      asset,
      decimals: ASSETS[asset].decimals,
      available: text(row?.available),
      held: text(row?.held),
      total: text(row?.total),
    };
  });
}
