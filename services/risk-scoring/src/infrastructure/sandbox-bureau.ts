import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { BureauPort } from '../application/bureau-port';
import { overriddenBureauRecord, sandboxBureauRecord } from '../domain/scoring/sandbox-bureau-data';
import type { BureauRecord } from '../domain/scoring/sources';
import type { Subject } from '../domain/subjects/subject';

/**
 * The sandbox bureau: a deterministic record per document id, unless a score was set for it
 * (`POST /v1/sandbox/qscore/subjects/{docID}/score`), the subject's country's first.
 */
export class SandboxBureau implements BureauPort {
  constructor(private readonly pool: Pool) {}

  async lookup(subject: Subject): Promise<BureauRecord | null> {
    const { rows } = await this.pool.query<{ score: number }>(
      `select score from sandbox_bureau_scores
        where doc_id = $1 and country in ($2, '') order by country desc limit 1`,
      [subject.doc_id, subject.country],
    );
    if (rows[0]) return overriddenBureauRecord(rows[0].score);
    const digest = createHash('sha256').update(subject.doc_id).digest();
    return sandboxBureauRecord(subject.doc_id, digest);
  }

  /** Sets the score of the document id (of one country, or every one) in the caller's transaction. */
  async setScore(
    client: PoolClient,
    doc_id: string,
    country: string | null,
    score: number,
  ): Promise<Date> {
    const { rows } = await client.query<{ changed_at: Date }>(
      `insert into sandbox_bureau_scores (doc_id, country, score, changed_at)
       values ($1, $2, $3, clock_timestamp())
       on conflict (doc_id, country) do update set score = excluded.score, changed_at = excluded.changed_at
       returning changed_at`,
      [doc_id, country ?? '', score],
    );
    return rows[0]!.changed_at;
  }
}
