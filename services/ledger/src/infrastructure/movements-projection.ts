import type { Pool, PoolClient } from 'pg';
import { Money, isAsset, type Asset } from '@platform/money';
import {
  FEE_KIND,
  feeFromText,
  feeText,
  isLedgerEventType,
  movementText,
  returnedText,
  swapText,
  transferText,
  type LedgerEvent,
} from '../domain';
import { LEDGER_SCHEMA } from './balances-projection';
import {
  LEDGER_PROJECTIONS_SUBSCRIPTION,
  replayProjection,
  type ProjectedEvent,
} from './projection-replay';

interface MovementRow {
  id: string;
  position: string;
  leg: number;
  account_id: string;
  created_at: string;
  asset: Asset;
  /** Signed: what the account's available balance of `asset` gained or lost. */
  amount: Money<Asset>;
  balance_after: string;
  kind: string;
  reference_id: string;
  description: string;
}

/**
 * The movements an event makes on the available balance, which is what an account can spend
 * and what a statement shows: a placed hold is money set aside for a payout (a debit), a
 * released one comes back (a credit), and posting it moves nothing more out of `available`.
 */
function movementsOf(recorded: ProjectedEvent, event: LedgerEvent): MovementRow[] {
  const base = {
    position: recorded.position,
    account_id: event.data.account_id,
    created_at: effectiveAt(recorded, event),
    kind: event.data.kind,
    reference_id: event.data.reference_id,
  };
  const row = (
    leg: number,
    asset: Asset,
    amount: Money<Asset>,
    balance_after: string,
    description: string,
  ): MovementRow => ({
    ...base,
    id: `${recorded.event_id}:${leg}`,
    leg,
    asset,
    amount,
    balance_after,
    description,
  });
  switch (event.type) {
    case 'ledger.funds_credited': {
      const { asset, amount, balance_after, counterparty_account_id: from } = event.data;
      const text = creditText(event.data.kind, event.data.description, from);
      return [row(0, asset, Money.parseStored(asset, amount), balance_after, text)];
    }
    case 'ledger.funds_debited': {
      const { asset, amount, balance_after, counterparty_account_id: to } = event.data;
      const text =
        to === undefined
          ? movementText(event.data.kind, event.data.description)
          : transferText('to', to);
      const legs = withFeeLeg(
        asset,
        Money.parseStored(asset, amount).negate(),
        event.data.fee,
        text,
      );
      return legsToRows(legs, asset, balance_after, row);
    }
    case 'ledger.hold_placed': {
      const { asset, amount, available_after } = event.data;
      const text = movementText(event.data.kind, event.data.description);
      const legs = withFeeLeg(
        asset,
        Money.parseStored(asset, amount).negate(),
        event.data.fee,
        text,
      );
      return legsToRows(legs, asset, available_after, row);
    }
    case 'ledger.hold_released': {
      const { asset, amount, available_after } = event.data;
      const text = returnedText(movementText(event.data.kind, event.data.description));
      const legs = withFeeLeg(asset, Money.parseStored(asset, amount), event.data.fee, text);
      return legsToRows(legs, asset, available_after, row);
    }
    case 'ledger.hold_posted':
      return [];
    case 'ledger.assets_swapped': {
      const { from_asset, from_amount, to_asset, to_amount } = event.data;
      const text = swapText(from_asset, to_asset);
      return [
        row(
          0,
          from_asset,
          Money.parseStored(from_asset, from_amount).negate(),
          event.data.from_balance_after,
          text,
        ),
        row(1, to_asset, Money.parseStored(to_asset, to_amount), event.data.to_balance_after, text),
      ];
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

/** A credit's text; a fee account's credit names the account that paid the fee. */
function creditText(kind: string, description: string | undefined, from: string | undefined) {
  if (from === undefined) return movementText(kind, description);
  return kind === FEE_KIND ? feeFromText(from) : transferText('from', from);
}

interface Leg {
  amount: Money<Asset>;
  description: string;
  kind?: string;
}

/** An amount and, when the event carries one, its fee leg (same sign, kind `fee`) after it. */
function withFeeLeg(
  asset: Asset,
  amount: Money<Asset>,
  fee: string | undefined,
  description: string,
): Leg[] {
  if (fee === undefined) return [{ amount, description }];
  const fee_amount = Money.parseStored(asset, fee);
  const signed = amount.lt(Money.zero(asset)) ? fee_amount.negate() : fee_amount;
  return [
    { amount, description },
    { amount: signed, description: feeText(description), kind: FEE_KIND },
  ];
}

/** One row per leg; each leg's balance is the one after it, so the last is the event's. */
function legsToRows(
  legs: Leg[],
  asset: Asset,
  balance_after: string,
  row: (
    leg: number,
    asset: Asset,
    amount: Money<Asset>,
    balance_after: string,
    description: string,
  ) => MovementRow,
): MovementRow[] {
  let balance = Money.parseSigned(asset, balance_after);
  const rows: MovementRow[] = [];
  for (let index = legs.length - 1; index >= 0; index -= 1) {
    const leg = legs[index]!;
    const made = row(index, asset, leg.amount, balance.toString(), leg.description);
    rows.unshift(leg.kind === undefined ? made : { ...made, kind: leg.kind });
    balance = balance.subtract(leg.amount);
  }
  return rows;
}

/** When the movement took effect: the append time, or the past date of a D5 demo movement. */
function effectiveAt(recorded: ProjectedEvent, event: LedgerEvent): string {
  const dated = 'effective_at' in event.data ? event.data.effective_at : undefined;
  return new Date(dated ?? recorded.occurred_at).toISOString();
}

/** Inserts a batch's movements in the caller's transaction; a row already there stays as is. */
export async function applyMovementEvents(
  client: PoolClient,
  events: readonly ProjectedEvent[],
): Promise<void> {
  const rows = events.flatMap((recorded) =>
    isLedgerEventType(recorded.type)
      ? movementsOf(recorded, { type: recorded.type, data: recorded.data } as LedgerEvent)
      : [],
  );
  if (rows.length === 0) return;
  const column = <K extends keyof MovementRow>(key: K) => rows.map((row) => row[key]);
  await client.query(
    `insert into ${LEDGER_SCHEMA}.movements (id, position, leg, account_id, created_at, asset,
       amount, balance_after, kind, reference_id, description)
     select * from unnest($1::text[], $2::bigint[], $3::smallint[], $4::text[],
       $5::timestamptz[], $6::text[], $7::numeric[], $8::numeric[], $9::text[], $10::text[],
       $11::text[])
     on conflict (id) do nothing`,
    [
      column('id'),
      column('position'),
      column('leg'),
      column('account_id'),
      column('created_at'),
      column('asset'),
      rows.map((row) => row.amount.toString()),
      column('balance_after'),
      column('kind'),
      column('reference_id'),
      column('description'),
    ],
  );
}

/** Rebuilds the movements from zero up to the live projection's checkpoint. */
export function rebuildMovements(pool: Pool): Promise<number> {
  return replayProjection(pool, {
    subscription: LEDGER_PROJECTIONS_SUBSCRIPTION,
    tables: [`${LEDGER_SCHEMA}.movements`],
    apply: applyMovementEvents,
  });
}

export interface MovementView {
  id: string;
  account_id: string;
  created_at: string;
  asset: Asset;
  amount: string;
  balance_after: string;
  kind: string;
  reference_id: string;
  description: string;
}

export interface MovementFilter {
  account_id: string;
  /** Inclusive, ISO 8601. */
  from?: string;
  /** Exclusive, ISO 8601. */
  to?: string;
  /** From 1. */
  page: number;
  page_size: number;
  /** Rows to read from the page's start; `page_size` when absent. */
  limit?: number;
}

/** One page of an account's movements, newest first (the order they were committed in). */
export async function readMovements(pool: Pool, filter: MovementFilter): Promise<MovementView[]> {
  const { rows } = await pool.query<{
    id: string;
    account_id: string;
    created_at: Date;
    asset: string;
    amount: string;
    balance_after: string;
    kind: string;
    reference_id: string;
    description: string;
  }>(
    `select id, account_id, created_at, asset, amount::text, balance_after::text, kind,
            reference_id, description
       from ${LEDGER_SCHEMA}.movements
      where account_id = $1
        and ($2::timestamptz is null or created_at >= $2::timestamptz)
        and ($3::timestamptz is null or created_at < $3::timestamptz)
      order by position desc, leg desc
      limit $4 offset $5`,
    [
      filter.account_id,
      filter.from ?? null,
      filter.to ?? null,
      filter.limit ?? filter.page_size,
      (filter.page - 1) * filter.page_size,
    ],
  );
  return rows.flatMap((row) => {
    const asset = row.asset;
    if (!isAsset(asset)) return [];
    return [
      {
        ...row,
        asset,
        created_at: row.created_at.toISOString(),
        amount: Money.parseSigned(asset, row.amount).toString(),
        balance_after: Money.parseSigned(asset, row.balance_after).toString(),
      },
    ];
  });
}
