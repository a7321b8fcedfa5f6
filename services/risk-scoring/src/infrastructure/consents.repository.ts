import type { Pool, PoolClient } from 'pg';
import type { RiskConsentStatus, RiskPurpose } from '@platform/contracts';
import type { Subject } from '../domain/subjects/subject';

export interface ConsentRow {
  consent_id: string;
  account_id: string;
  org_id: string;
  token: string;
  subject_id: string;
  country: string;
  doc_id: string;
  subject_type: Subject['subject_type'];
  purpose: RiskPurpose;
  status: RiskConsentStatus;
  previous_status: RiskConsentStatus | null;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = `consent_id::text, account_id, org_id, token, subject_id, country, doc_id,
  subject_type, purpose, status, previous_status, created_at, expires_at, decided_at, revoked_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Consent links, by the requesting account (BOLA: another's is never answered) or by token. */
export class ConsentStore {
  constructor(private readonly pool: Pool) {}

  async insert(consent: ConsentRow): Promise<void> {
    await this.pool.query(
      `insert into risk_consents (consent_id, account_id, org_id, token, subject_id, country,
         doc_id, subject_type, purpose, status, previous_status, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        consent.consent_id,
        consent.account_id,
        consent.org_id,
        consent.token,
        consent.subject_id,
        consent.country,
        consent.doc_id,
        consent.subject_type,
        consent.purpose,
        consent.status,
        consent.previous_status,
        consent.created_at,
        consent.expires_at,
      ],
    );
  }

  async get(account_id: string, consent_id: string): Promise<ConsentRow | null> {
    if (!UUID.test(consent_id)) return null;
    const { rows } = await this.pool.query<ConsentRow>(
      `select ${COLUMNS} from risk_consents where consent_id = $1 and account_id = $2`,
      [consent_id, account_id],
    );
    return rows[0] ?? null;
  }

  async byToken(token: string): Promise<ConsentRow | null> {
    const { rows } = await this.pool.query<ConsentRow>(
      `select ${COLUMNS} from risk_consents where token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<ConsentRow[]> {
    const { rows } = await this.pool.query<ConsentRow>(
      `select ${COLUMNS} from risk_consents where account_id = $1
        order by created_at desc, consent_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** The link locked for a decision; `key` is its id (with the account) or its public token. */
  async lock(
    client: PoolClient,
    key: { account_id: string; consent_id: string } | { token: string },
  ): Promise<ConsentRow | null> {
    if ('token' in key) {
      const { rows } = await client.query<ConsentRow>(
        `select ${COLUMNS} from risk_consents where token = $1 for update`,
        [key.token],
      );
      return rows[0] ?? null;
    }
    if (!UUID.test(key.consent_id)) return null;
    const { rows } = await client.query<ConsentRow>(
      `select ${COLUMNS} from risk_consents where consent_id = $1 and account_id = $2 for update`,
      [key.consent_id, key.account_id],
    );
    return rows[0] ?? null;
  }

  async setStatus(
    client: PoolClient,
    consent: ConsentRow,
    status: RiskConsentStatus,
    now: Date,
  ): Promise<ConsentRow> {
    const { rows } = await client.query<ConsentRow>(
      `update risk_consents
          set previous_status = status, status = $2,
              decided_at = case when $2 in ('granted', 'revoked') then $3 else decided_at end,
              revoked_at = case when $2 = 'revoked' then $3 else revoked_at end
        where consent_id = $1
        returning ${COLUMNS}`,
      [consent.consent_id, status, now],
    );
    const updated = rows[0];
    if (!updated) throw new Error(`consent ${consent.consent_id} vanished while locked`);
    return updated;
  }

  /** Pending links past their expiry, for the expiry job. */
  async expiredPending(now: Date, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ consent_id: string }>(
      `select consent_id::text from risk_consents
        where status = 'pending' and expires_at <= $1 order by expires_at limit $2`,
      [now, limit],
    );
    return rows.map((row) => row.consent_id);
  }

  /** The account's consent of the id (for a report's check), unlocked. */
  async forReport(account_id: string, consent_id: string): Promise<ConsentRow | null> {
    return this.get(account_id, consent_id);
  }
}
