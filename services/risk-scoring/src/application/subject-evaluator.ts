import type { RiskPurpose } from '@platform/contracts';
import { scoreSubject, type Evaluation } from '../domain/scoring/scorecard';
import type { Subject } from '../domain/subjects/subject';
import type { PaymentHistoryStore } from '../infrastructure/payment-history.repository';
import type { BureauPort } from './bureau-port';

export type { Evaluation };

/**
 * The factors of a subject that disputes resolved in its favour (the watch part's disputes);
 * the evaluator gives them no points. Optional: without it nothing is corrected.
 */
export const FACTOR_CORRECTIONS = Symbol('FACTOR_CORRECTIONS');

export interface FactorCorrections {
  correctedFactors(subject: Pick<Subject, 'country' | 'doc_id'>): Promise<string[]>;
}

/**
 * Evaluates a subject now (decisions D10): the bureau's record plus the platform's own payment
 * history of the subject, through the scorecard. Stores nothing: reports, batches, monitoring
 * and the own report each keep what they need of the answer.
 */
export class SubjectEvaluator {
  constructor(
    private readonly bureau: BureauPort,
    private readonly history: PaymentHistoryStore,
    private readonly corrections: FactorCorrections | null = null,
  ) {}

  // `purpose` is part of the contract: a bureau may answer differently per permissible purpose.
  async evaluate(
    subject: Subject,
    _purpose: RiskPurpose,
  ): Promise<Evaluation | { no_score: true }> {
    const [bureau, history, corrected_factors] = await Promise.all([
      this.bureau.lookup(subject),
      this.history.historyOf(subject),
      this.corrections?.correctedFactors(subject) ?? [],
    ]);
    return scoreSubject({ bureau, history, corrected_factors }) ?? { no_score: true };
  }
}
