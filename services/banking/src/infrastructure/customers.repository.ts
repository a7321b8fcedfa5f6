import type { Pool, PoolClient } from 'pg';
import type {
  BankAccountResource,
  BankingCurrency,
  BankingCustomerResource,
  BankingKycStatus,
} from '@platform/contracts';
import type { IssuedCoordinates } from '../domain/bank-account';

type Queryable = Pool | PoolClient;

export interface StoredCustomer {
  customer_id: string;
  account_id: string;
  org_id: string;
  kyc_status: BankingKycStatus;
  idempotency_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface StoredBankAccount {
  bank_account_id: string;
  customer_id: string;
  account_id: string;
  currency: BankingCurrency;
  status: 'active';
  iban: string | null;
  bic: string | null;
  routing_number: string | null;
  account_number: string | null;
  created_at: Date;
}

export const customerResource = (row: StoredCustomer): BankingCustomerResource => ({
  customer_id: row.customer_id,
  account_id: row.account_id,
  kyc_status: row.kyc_status,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Only the coordinates of the account's currency: USD routing and account, EUR IBAN and BIC. */
export const bankAccountResource = (row: StoredBankAccount): BankAccountResource => ({
  bank_account_id: row.bank_account_id,
  currency: row.currency,
  status: row.status,
  ...(row.iban ? { iban: row.iban } : {}),
  ...(row.bic ? { bic: row.bic } : {}),
  ...(row.routing_number ? { routing_number: row.routing_number } : {}),
  ...(row.account_number ? { account_number: row.account_number } : {}),
  created_at: row.created_at.toISOString(),
});

/** Banking customers and their bank accounts. */
export class CustomerStore {
  constructor(private readonly pool: Pool) {}

  async byAccount(account_id: string, db: Queryable = this.pool): Promise<StoredCustomer | null> {
    const { rows } = await db.query<StoredCustomer>(
      'select * from banking_customers where account_id = $1',
      [account_id],
    );
    return rows[0] ?? null;
  }

  /** Locks the customer's row for the transaction (a review and its accounts happen once). */
  async lock(client: PoolClient, customer_id: string): Promise<StoredCustomer | null> {
    const { rows } = await client.query<StoredCustomer>(
      'select * from banking_customers where customer_id = $1 for update',
      [customer_id],
    );
    return rows[0] ?? null;
  }

  /** Inserts the account's customer; false when the account already has one. */
  async insert(
    client: PoolClient,
    customer: Pick<
      StoredCustomer,
      'customer_id' | 'account_id' | 'org_id' | 'kyc_status' | 'idempotency_key'
    >,
  ): Promise<StoredCustomer | null> {
    const { rows } = await client.query<StoredCustomer>(
      `insert into banking_customers (customer_id, account_id, org_id, kyc_status, idempotency_key)
       values ($1, $2, $3, $4, $5) on conflict (account_id) do nothing returning *`,
      [
        customer.customer_id,
        customer.account_id,
        customer.org_id,
        customer.kyc_status,
        customer.idempotency_key,
      ],
    );
    return rows[0] ?? null;
  }

  async setStatus(client: PoolClient, customer_id: string, kyc_status: BankingKycStatus) {
    await client.query(
      'update banking_customers set kyc_status = $2, updated_at = now() where customer_id = $1',
      [customer_id, kyc_status],
    );
  }

  async openAccount(
    client: PoolClient,
    account: { bank_account_id: string; customer_id: string; account_id: string },
    coordinates: IssuedCoordinates,
  ): Promise<void> {
    await client.query(
      `insert into bank_accounts
         (bank_account_id, customer_id, account_id, currency, status, iban, bic, routing_number,
          account_number)
       values ($1, $2, $3, $4, 'active', $5, $6, $7, $8)`,
      [
        account.bank_account_id,
        account.customer_id,
        account.account_id,
        coordinates.currency,
        coordinates.currency === 'EUR' ? coordinates.iban : null,
        coordinates.currency === 'EUR' ? coordinates.bic : null,
        coordinates.currency === 'USD' ? coordinates.routing_number : null,
        coordinates.currency === 'USD' ? coordinates.account_number : null,
      ],
    );
  }

  async accounts(account_id: string): Promise<StoredBankAccount[]> {
    const { rows } = await this.pool.query<StoredBankAccount>(
      `select * from bank_accounts where account_id = $1
        order by case currency when 'USD' then 0 else 1 end`,
      [account_id],
    );
    return rows;
  }

  /** One of the account's bank accounts (another account's is none); locked when in a transaction. */
  async account(
    account_id: string,
    bank_account_id: string,
    db: Queryable = this.pool,
    lock = false,
  ): Promise<StoredBankAccount | null> {
    if (!isUuid(bank_account_id)) return null;
    const { rows } = await db.query<StoredBankAccount>(
      `select * from bank_accounts where account_id = $1 and bank_account_id = $2
       ${lock ? 'for update' : ''}`,
      [account_id, bank_account_id],
    );
    return rows[0] ?? null;
  }

  /** The account's balance: booked entries (available) and processing payments' debits (held). */
  async balance(
    bank_account_id: string,
    db: Queryable = this.pool,
  ): Promise<{ available: string; held: string }> {
    const { rows } = await db.query<{ available: string; held: string }>(
      `select
         (select coalesce(sum(change), 0) from bank_entries where bank_account_id = $1)::numeric(20, 2)::text
           as available,
         (select coalesce(sum(amount + fee), 0) from bank_operations
           where bank_account_id = $1 and type = 'payment' and status = 'processing')::numeric(20, 2)::text
           as held`,
      [bank_account_id],
    );
    return rows[0]!;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
