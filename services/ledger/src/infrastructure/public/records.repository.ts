import type { Pool, PoolClient } from 'pg';
import { Money, Ratio, isAsset, type Asset } from '@platform/money';
import { LEDGER_SCHEMA } from '../balances-projection';
import type { OwnStatement } from '@platform/persistence';

export interface SwapRecord {
  swap_id: string;
  account_id: string;
  status: 'completed';
  from_asset: Asset;
  to_asset: Asset;
  from_amount: string;
  to_amount: string;
  /** Units of `to_asset` one unit of `from_asset` bought (12 decimals, rounded down). */
  rate: string;
  from_usd_per_unit: string;
  to_usd_per_unit: string;
  usd_value: string;
  created_at: string;
  idempotency_key?: string;
}

export interface TransferRecord {
  transfer_id: string;
  status: 'completed';
  from_account_id: string;
  to_account_id: string;
  asset: Asset;
  amount: string;
  /** Transfers are free (spec §1). */
  fee: string;
  description: string;
  created_at: string;
  idempotency_key?: string;
}

/** A transfer as one of its two accounts sees it in a listing. */
export interface TransferListing extends TransferRecord {
  direction: 'sent' | 'received';
}

interface SwapRow {
  id: string;
  account_id: string;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  from_usd_per_unit: string;
  to_usd_per_unit: string;
  usd_value: string;
  idempotency_key: string | null;
  created_at: Date;
}

interface TransferRow {
  id: string;
  from_account_id: string;
  to_account_id: string;
  asset: string;
  amount: string;
  description: string;
  idempotency_key: string | null;
  created_at: Date;
}

/** Places of the cross rate shown on a swap record. */
const RATE_DECIMALS = 12;

/** `to` per `from` from the two USD prices, exact then rounded down. */
export function crossRate(from_usd_per_unit: string, to_usd_per_unit: string): string {
  return Ratio.parse(from_usd_per_unit).per(to_usd_per_unit).toDecimal(RATE_DECIMALS, 'down');
}

function amountText(asset: string, value: string): string {
  return isAsset(asset) ? Money.parseSigned(asset, value).toString() : value;
}

const plain = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

function swapOf(row: SwapRow): SwapRecord | null {
  if (!isAsset(row.from_asset) || !isAsset(row.to_asset)) return null;
  const from_usd_per_unit = plain(row.from_usd_per_unit);
  const to_usd_per_unit = plain(row.to_usd_per_unit);
  return {
    swap_id: row.id,
    account_id: row.account_id,
    status: 'completed',
    from_asset: row.from_asset,
    to_asset: row.to_asset,
    from_amount: amountText(row.from_asset, row.from_amount),
    to_amount: amountText(row.to_asset, row.to_amount),
    rate: crossRate(from_usd_per_unit, to_usd_per_unit),
    from_usd_per_unit,
    to_usd_per_unit,
    usd_value: Money.parseSigned('USD', row.usd_value).toString(),
    created_at: row.created_at.toISOString(),
    ...(row.idempotency_key ? { idempotency_key: row.idempotency_key } : {}),
  };
}

function transferOf(row: TransferRow): TransferRecord | null {
  if (!isAsset(row.asset)) return null;
  return {
    transfer_id: row.id,
    status: 'completed',
    from_account_id: row.from_account_id,
    to_account_id: row.to_account_id,
    asset: row.asset,
    amount: amountText(row.asset, row.amount),
    fee: Money.zero(row.asset).toString(),
    description: row.description,
    created_at: row.created_at.toISOString(),
    ...(row.idempotency_key ? { idempotency_key: row.idempotency_key } : {}),
  };
}

const SWAP_COLUMNS = `id, account_id, from_asset, to_asset, from_amount::text, to_amount::text,
  from_usd_per_unit::text, to_usd_per_unit::text, usd_value::text, idempotency_key, created_at`;
const TRANSFER_COLUMNS = `id, from_account_id, to_account_id, asset, amount::text, description,
  idempotency_key, created_at`;

/** The public records of swaps and transfers, written in the transaction of their ledger events. */
export class RecordsRepository {
  constructor(private readonly pool: Pool) {}

  async insertSwap(swap: SwapRecord, db: Pool | PoolClient = this.pool): Promise<void> {
    await db.query(
      `insert into ${LEDGER_SCHEMA}.swaps (id, account_id, from_asset, to_asset, from_amount,
         to_amount, from_usd_per_unit, to_usd_per_unit, usd_value, idempotency_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (id) do nothing`,
      [
        swap.swap_id,
        swap.account_id,
        swap.from_asset,
        swap.to_asset,
        swap.from_amount,
        swap.to_amount,
        swap.from_usd_per_unit,
        swap.to_usd_per_unit,
        swap.usd_value,
        swap.idempotency_key ?? null,
        swap.created_at,
      ],
    );
  }

  async swap(account_id: string, swap_id: string): Promise<SwapRecord | null> {
    const { rows } = await this.pool.query<SwapRow>(
      `select ${SWAP_COLUMNS} from ${LEDGER_SCHEMA}.swaps where id = $1 and account_id = $2`,
      [swap_id, account_id],
    );
    return rows[0] ? swapOf(rows[0]) : null;
  }

  async swaps(account_id: string, limit: number, offset: number): Promise<SwapRecord[]> {
    const { rows } = await this.pool.query<SwapRow>(
      `select ${SWAP_COLUMNS} from ${LEDGER_SCHEMA}.swaps where account_id = $1
        order by seq desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.flatMap((row) => swapOf(row) ?? []);
  }

  /** The insert of a transfer's public row, run in the transaction of its ledger events. */
  transferInsert(transfer: TransferRecord, org_id: string): OwnStatement {
    return {
      text: `insert into ${LEDGER_SCHEMA}.transfers (id, org_id, from_account_id, to_account_id,
               asset, amount, description, idempotency_key, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
      values: [
        transfer.transfer_id,
        org_id,
        transfer.from_account_id,
        transfer.to_account_id,
        transfer.asset,
        transfer.amount,
        transfer.description,
        transfer.idempotency_key ?? null,
        transfer.created_at,
      ],
    };
  }

  /** The payer or the payee may read it; the idempotency key is the payer's only. */
  async transfer(account_id: string, transfer_id: string): Promise<TransferListing | null> {
    const { rows } = await this.pool.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from ${LEDGER_SCHEMA}.transfers
        where id = $1 and (from_account_id = $2 or to_account_id = $2)`,
      [transfer_id, account_id],
    );
    return rows[0] ? listingOf(rows[0], account_id) : null;
  }

  async transfers(account_id: string, limit: number, offset: number): Promise<TransferListing[]> {
    const { rows } = await this.pool.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from ${LEDGER_SCHEMA}.transfers
        where from_account_id = $1 or to_account_id = $1
        order by seq desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.flatMap((row) => listingOf(row, account_id) ?? []);
  }
}

function listingOf(row: TransferRow, account_id: string): TransferListing | null {
  const record = transferOf(row);
  if (!record) return null;
  const direction = record.from_account_id === account_id ? 'sent' : 'received';
  if (direction === 'received') delete record.idempotency_key;
  return { ...record, direction };
}
