import type { Pool, PoolClient } from 'pg';
import type {
  BankOperationResource,
  BankingCurrency,
  BankingOperationStatus,
  BankingOperationType,
} from '@platform/contracts';
import { isUuid } from './customers.repository';

export interface StoredOperation {
  operation_id: string;
  account_id: string;
  org_id: string;
  customer_id: string;
  bank_account_id: string;
  third_party_id: string | null;
  type: BankingOperationType;
  status: BankingOperationStatus;
  currency: BankingCurrency;
  amount: string;
  fee: string;
  failure_code: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  /** The bank's answer was lost at create: retries answer 503 until it confirms the payment. */
  recovery_pending: boolean;
  created_at: Date;
  updated_at: Date;
}

export type NewOperation = Omit<StoredOperation, 'created_at' | 'updated_at'>;

export const operationResource = (row: StoredOperation): BankOperationResource => ({
  operation_id: row.operation_id,
  type: row.type,
  status: row.status,
  bank_account_id: row.bank_account_id,
  customer_id: row.customer_id,
  currency: row.currency,
  amount: row.amount,
  fee: row.fee,
  third_party_id: row.third_party_id,
  failure_code: row.failure_code,
  ...(row.idempotency_key ? { idempotency_key: row.idempotency_key } : {}),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const COLUMNS = `operation_id, account_id, org_id, customer_id, bank_account_id, third_party_id,
  type, status, currency, amount::text as amount, fee::text as fee, failure_code, idempotency_key,
  request_fingerprint, recovery_pending, created_at, updated_at`;

/** Bank operations and the balance entries they book. */
export class OperationStore {
  constructor(private readonly pool: Pool) {}

  /** Inserts the operation; null when a concurrent request took its idempotency key first. */
  async insert(client: PoolClient, operation: NewOperation): Promise<StoredOperation | null> {
    const { rows } = await client.query<StoredOperation>(
      `insert into bank_operations
         (operation_id, account_id, org_id, customer_id, bank_account_id, third_party_id, type,
          status, currency, amount, fee, failure_code, idempotency_key, request_fingerprint,
          recovery_pending)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       on conflict (account_id, idempotency_key) do nothing
       returning ${COLUMNS}`,
      [
        operation.operation_id,
        operation.account_id,
        operation.org_id,
        operation.customer_id,
        operation.bank_account_id,
        operation.third_party_id,
        operation.type,
        operation.status,
        operation.currency,
        operation.amount,
        operation.fee,
        operation.failure_code,
        operation.idempotency_key,
        operation.request_fingerprint,
        operation.recovery_pending,
      ],
    );
    return rows[0] ?? null;
  }

  async byKey(account_id: string, idempotency_key: string): Promise<StoredOperation | null> {
    const { rows } = await this.pool.query<StoredOperation>(
      `select ${COLUMNS} from bank_operations where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /** One of the account's operations (another account's is none). */
  async get(account_id: string, operation_id: string): Promise<StoredOperation | null> {
    if (!isUuid(operation_id)) return null;
    const { rows } = await this.pool.query<StoredOperation>(
      `select ${COLUMNS} from bank_operations where account_id = $1 and operation_id = $2`,
      [account_id, operation_id],
    );
    return rows[0] ?? null;
  }

  async lock(client: PoolClient, operation_id: string): Promise<StoredOperation | null> {
    const { rows } = await client.query<StoredOperation>(
      `select ${COLUMNS} from bank_operations where operation_id = $1 for update`,
      [operation_id],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredOperation[]> {
    const { rows } = await this.pool.query<StoredOperation>(
      `select ${COLUMNS} from bank_operations where account_id = $1
        order by created_at desc, operation_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  async setStatus(
    client: PoolClient,
    operation_id: string,
    status: BankingOperationStatus,
    failure_code: string | null,
  ): Promise<StoredOperation> {
    const { rows } = await client.query<StoredOperation>(
      `update bank_operations
          set status = $2, failure_code = $3, recovery_pending = false, updated_at = now()
        where operation_id = $1 returning ${COLUMNS}`,
      [operation_id, status, failure_code],
    );
    return rows[0]!;
  }

  async book(
    client: PoolClient,
    entry: { entry_id: string; bank_account_id: string; operation_id: string; change: string },
  ): Promise<Date> {
    const { rows } = await client.query<{ booked_at: Date }>(
      `insert into bank_entries (entry_id, bank_account_id, operation_id, change)
       values ($1, $2, $3, $4) returning booked_at`,
      [entry.entry_id, entry.bank_account_id, entry.operation_id, entry.change],
    );
    return rows[0]!.booked_at;
  }
}
