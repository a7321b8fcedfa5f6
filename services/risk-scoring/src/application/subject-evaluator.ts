import type { RiskPurpose } from '@platform/contracts';
import { scoreSubject, type Evaluation } from '../domain/scoring/scorecard';
import type { Subject } from '../domain/subjects/subject';
import type { PaymentHistoryStore } from '../infrastructure/payment-history.repository';
import type { BureauPort } from './bureau-port';

export type { Evaluation };

/**
 * Evaluates a subject now (decisions D10): the bureau's record plus the platform's own payment
 * history of the subject, through the scorecard. Stores nothing: reports, batches, monitoring
 * and the own report each keep what they need of the answer.
 */
export class SubjectEvaluator {
  constructor(
    private readonly bureau: BureauPort,
    private readonly history: PaymentHistoryStore,
  ) {}

  // `purpose` is part of the contract: a bureau may answer differently per permissible purpose.
  async evaluate(
    subject: Subject,
    _purpose: RiskPurpose,
  ): Promise<Evaluation | { no_score: true }> {
    const [bureau, history] = await Promise.all([
      this.bureau.lookup(subject),
      this.history.historyOf(subject),
    ]);
    return scoreSubject({ bureau, history }) ?? { no_score: true };
  }
}
