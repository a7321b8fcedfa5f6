import type { Pool } from 'pg';
import { preparedQuery, StatementBatcher } from '@platform/persistence';
import type { PlatformHistory } from '../domain/scoring/sources';
import type { Subject } from '../domain/subjects/subject';

export type HistoryCounter = 'payouts_completed' | 'payouts_failed' | 'payins_credited';

/** One fact about a subject, counted once per claim key (the event that told it). */
export interface CountedFact {
  claim_key: string;
  country: string;
  doc_id: string;
  effect: HistoryCounter | 'verified_holder';
}

/**
 * Claims the facts' keys and adds the claimed facts to their subjects' rows, in one statement.
 * Every claim is taken before any subject row is locked, in key order, and the rows in subject
 * order, so two statements that share keys or subjects wait for each other rather than deadlock.
 * A subject's facts add up into one update of its row: a subject every payout pays (one supplier,
 * one payroll) is written once per statement rather than once per event, each waiting for the
 * last to commit.
 */
const COUNT_FACTS = `with input as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])
      as i(claim_key, country, doc_id, effect)
  ), claimed as (
    insert into subject_history_applied (event_id)
    select claim_key from input order by claim_key
    on conflict do nothing
    returning event_id
  ), counted as (
    select i.country, i.doc_id,
      (count(*) filter (where i.effect = 'payouts_completed'))::integer as payouts_completed,
      (count(*) filter (where i.effect = 'payouts_failed'))::integer as payouts_failed,
      (count(*) filter (where i.effect = 'payins_credited'))::integer as payins_credited,
      bool_or(i.effect = 'verified_holder') as verified_holder
    from input i join claimed c on c.event_id = i.claim_key
    group by i.country, i.doc_id
  )
  insert into subject_payment_history as h
    (country, doc_id, payouts_completed, payouts_failed, payins_credited, verified_holder)
  select country, doc_id, payouts_completed, payouts_failed, payins_credited, verified_holder
    from counted order by country, doc_id
  on conflict (country, doc_id) do update set
    payouts_completed = h.payouts_completed + excluded.payouts_completed,
    payouts_failed = h.payouts_failed + excluded.payouts_failed,
    payins_credited = h.payins_credited + excluded.payins_credited,
    verified_holder = h.verified_holder or excluded.verified_holder,
    updated_at = now()`;

/** The projection of the platform's payment history per subject (country, document id). */
export class PaymentHistoryStore {
  /** Facts counted while a statement runs go together in the next (see StatementBatcher). */
  private readonly counts = new StatementBatcher((facts: readonly CountedFact[]) =>
    this.countAll(facts).then(() => facts.map(() => undefined)),
  );

  constructor(private readonly pool: Pool) {}

  async historyOf(subject: Pick<Subject, 'country' | 'doc_id'>): Promise<PlatformHistory | null> {
    const { rows } = await this.pool.query<PlatformHistory>(
      `select payouts_completed, payouts_failed, payins_credited, verified_holder
         from subject_payment_history where country = $1 and doc_id = $2`,
      [subject.country, subject.doc_id],
    );
    return rows[0] ?? null;
  }

  /**
   * Counts the fact unless its claim key was counted before (a redelivered event): resolves once
   * it has committed.
   */
  count(fact: CountedFact): Promise<void> {
    return this.counts.submit(fact);
  }

  /** One fact per claim key: the same event twice in one statement would count twice. */
  private async countAll(facts: readonly CountedFact[]): Promise<void> {
    const by_key = [...new Map(facts.map((fact) => [fact.claim_key, fact])).values()];
    const column = (key: keyof CountedFact) => by_key.map((fact) => fact[key]);
    await this.pool.query(
      preparedQuery(COUNT_FACTS, [
        column('claim_key'),
        column('country'),
        column('doc_id'),
        column('effect'),
      ]),
    );
  }
}
