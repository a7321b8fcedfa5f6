import type { Pool, PoolClient } from 'pg';
import { lockAccountFor } from './account-lock';

export interface SealRow {
  seal_id: string;
  code: string;
  account_id: string;
  report_id: string;
  company_name: string;
  country: string;
  doc_id: string;
  band: string;
  score: number;
  evaluated_at: Date;
  issued_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = `seal_id::text, code, account_id, report_id, company_name, country, doc_id, band,
  score, evaluated_at, issued_at, expires_at, revoked_at`;

/** Company seals; a seal's code is its public name, and an account has one unrevoked at most. */
export class SealsRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * The account's unrevoked seal, or null. With `client`, the account's seal changes are
   * serialized for the transaction first, so that two issues at once make one seal.
   */
  async active(account_id: string, client?: PoolClient): Promise<SealRow | null> {
    if (client) await lockAccountFor(client, 'seal', account_id);
    const { rows } = await (client ?? this.pool).query<SealRow>(
      `select ${COLUMNS} from seals where account_id = $1 and revoked_at is null`,
      [account_id],
    );
    return rows[0] ?? null;
  }

  async byCode(code: string): Promise<SealRow | null> {
    const { rows } = await this.pool.query<SealRow>(
      `select ${COLUMNS} from seals where code = $1`,
      [code],
    );
    return rows[0] ?? null;
  }

  async insert(client: PoolClient, seal: Omit<SealRow, 'revoked_at'>): Promise<SealRow> {
    const { rows } = await client.query<SealRow>(
      `insert into seals (seal_id, code, account_id, report_id, company_name, country, doc_id,
         band, score, evaluated_at, issued_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
      [
        seal.seal_id,
        seal.code,
        seal.account_id,
        seal.report_id,
        seal.company_name,
        seal.country,
        seal.doc_id,
        seal.band,
        seal.score,
        seal.evaluated_at,
        seal.issued_at,
        seal.expires_at,
      ],
    );
    return rows[0]!;
  }

  async revoke(client: PoolClient, seal_id: string, now: Date): Promise<SealRow> {
    const { rows } = await client.query<SealRow>(
      `update seals set revoked_at = $2 where seal_id = $1 returning ${COLUMNS}`,
      [seal_id, now],
    );
    return rows[0]!;
  }
}
