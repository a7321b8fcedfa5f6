/**
 * What a bureau knows of a subject. `score` is the bureau's own rating (300-850); the
 * attributes are the scorecard's inputs.
 */
export interface BureauRecord {
  score: number;
  delinquencies_12m: number;
  credit_history_months: number;
  inquiries_6m: number;
}

/** The platform's own payment history of a subject (a projection of domain events). */
export interface PlatformHistory {
  /** Payouts to a beneficiary with the subject's document id that completed. */
  payouts_completed: number;
  /** Payouts to it that failed at the rail. */
  payouts_failed: number;
  /** Payins credited from a payer with the document id. */
  payins_credited: number;
  /** An account of the platform whose verified holder has the document id. */
  verified_holder: boolean;
}

export interface ScoringSources {
  bureau: BureauRecord | null;
  history: PlatformHistory | null;
}
