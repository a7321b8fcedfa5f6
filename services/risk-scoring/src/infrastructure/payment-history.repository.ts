import type { Pool, PoolClient } from 'pg';
import type { PlatformHistory } from '../domain/scoring/sources';
import type { Subject } from '../domain/subjects/subject';

export type HistoryCounter = 'payouts_completed' | 'payouts_failed' | 'payins_credited';

/** The projection of the platform's payment history per subject (country, document id). */
export class PaymentHistoryStore {
  constructor(private readonly pool: Pool) {}

  async historyOf(subject: Pick<Subject, 'country' | 'doc_id'>): Promise<PlatformHistory | null> {
    const { rows } = await this.pool.query<PlatformHistory>(
      `select payouts_completed, payouts_failed, payins_credited, verified_holder
         from subject_payment_history where country = $1 and doc_id = $2`,
      [subject.country, subject.doc_id],
    );
    return rows[0] ?? null;
  }

  /** Marks the event applied; false when it already was (a redelivery). */
  async claim(client: PoolClient, event_id: string): Promise<boolean> {
    const { rowCount } = await client.query(
      'insert into subject_history_applied (event_id) values ($1) on conflict do nothing',
      [event_id],
    );
    return (rowCount ?? 0) > 0;
  }

  async increment(
    client: PoolClient,
    subject: Pick<Subject, 'country' | 'doc_id'>,
    counter: HistoryCounter,
  ): Promise<void> {
    await client.query(
      `insert into subject_payment_history (country, doc_id, ${counter}) values ($1, $2, 1)
       on conflict (country, doc_id)
       do update set ${counter} = subject_payment_history.${counter} + 1, updated_at = now()`,
      [subject.country, subject.doc_id],
    );
  }

  async markVerifiedHolder(
    client: PoolClient,
    subject: Pick<Subject, 'country' | 'doc_id'>,
  ): Promise<void> {
    await client.query(
      `insert into subject_payment_history (country, doc_id, verified_holder) values ($1, $2, true)
       on conflict (country, doc_id) do update set verified_holder = true, updated_at = now()`,
      [subject.country, subject.doc_id],
    );
  }
}
