import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import type { RecordedEvent } from '@platform/event-store';
import { ASSET_CODES, ASSETS, Money, isAsset, type Asset } from '@platform/money';
import { balanceChangesOf, isLedgerEventType, type LedgerEvent } from '../domain';
import { LEDGER_SCHEMA } from './ledger-store';
import { LEDGER_PROJECTIONS_SUBSCRIPTION, replayProjection } from './projection-replay';

export const LEDGER_MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
export { LEDGER_SCHEMA };

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
    if (!isLedgerEventType(recorded.type)) continue;
    const event = { type: recorded.type, data: recorded.data } as LedgerEvent;
    for (const change of balanceChangesOf(event)) {
      const key = `${event.data.account_id}\u0000${change.asset}`;
      const sum = deltas.get(key);
      deltas.set(
        key,
        sum
          ? {
              account_id: sum.account_id,
              available: sum.available.add(change.available),
              held: sum.held.add(change.held),
            }
          : {
              account_id: event.data.account_id,
              available: change.available,
              held: change.held,
            },
      );
    }
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

/** Rebuilds the balances from zero up to the live projection's checkpoint (see replayProjection). */
export function rebuildBalances(pool: Pool): Promise<number> {
  return replayProjection(pool, {
    subscription: LEDGER_PROJECTIONS_SUBSCRIPTION,
    tables: [`${LEDGER_SCHEMA}.balances`],
    apply: applyBalanceEvents,
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
