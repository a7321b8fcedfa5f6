import type { Pool, PoolClient } from 'pg';
import type { BankingCurrency, ThirdPartyResource } from '@platform/contracts';
import type { BankCoordinates } from '../domain/third-party';
import { isUuid } from './customers.repository';

export interface StoredThirdParty {
  third_party_id: string;
  account_id: string;
  name: string;
  currency: BankingCurrency;
  bank_ref: string;
  iban: string | null;
  bic: string | null;
  routing_number: string | null;
  account_number: string | null;
  idempotency_key: string | null;
  created_at: Date;
}

export const thirdPartyResource = (row: StoredThirdParty): ThirdPartyResource => ({
  third_party_id: row.third_party_id,
  name: row.name,
  currency: row.currency,
  status: 'approved',
  ...(row.iban ? { iban: row.iban } : {}),
  ...(row.bic ? { bic: row.bic } : {}),
  ...(row.routing_number ? { routing_number: row.routing_number } : {}),
  ...(row.account_number ? { account_number: row.account_number } : {}),
  created_at: row.created_at.toISOString(),
});

/** The account's beneficiaries of bank payments. */
export class ThirdPartyStore {
  constructor(private readonly pool: Pool) {}

  /** Inserts the beneficiary; null when the account already has one with this bank reference. */
  async insert(
    client: PoolClient,
    row: {
      third_party_id: string;
      account_id: string;
      name: string;
      bank_ref: string;
      idempotency_key: string | null;
    },
    coordinates: BankCoordinates,
  ): Promise<StoredThirdParty | null> {
    const { rows } = await client.query<StoredThirdParty>(
      `insert into third_parties
         (third_party_id, account_id, name, currency, bank_ref, iban, bic, routing_number,
          account_number, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict do nothing returning *`,
      [
        row.third_party_id,
        row.account_id,
        row.name,
        coordinates.currency,
        row.bank_ref,
        coordinates.currency === 'EUR' ? coordinates.iban : null,
        coordinates.currency === 'EUR' ? coordinates.bic : null,
        coordinates.currency === 'USD' ? coordinates.routing_number : null,
        coordinates.currency === 'USD' ? coordinates.account_number : null,
        row.idempotency_key,
      ],
    );
    return rows[0] ?? null;
  }

  async byBankRef(account_id: string, bank_ref: string): Promise<StoredThirdParty | null> {
    const { rows } = await this.pool.query<StoredThirdParty>(
      'select * from third_parties where account_id = $1 and bank_ref = $2',
      [account_id, bank_ref],
    );
    return rows[0] ?? null;
  }

  async byKey(account_id: string, idempotency_key: string): Promise<StoredThirdParty | null> {
    const { rows } = await this.pool.query<StoredThirdParty>(
      'select * from third_parties where account_id = $1 and idempotency_key = $2',
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  async get(account_id: string, third_party_id: string): Promise<StoredThirdParty | null> {
    if (!isUuid(third_party_id)) return null;
    const { rows } = await this.pool.query<StoredThirdParty>(
      'select * from third_parties where account_id = $1 and third_party_id = $2',
      [account_id, third_party_id],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredThirdParty[]> {
    const { rows } = await this.pool.query<StoredThirdParty>(
      `select * from third_parties where account_id = $1
        order by created_at desc, third_party_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }
}
