import type { BureauRecord } from './sources';

/**
 * The sandbox bureau's record of a document id (decisions D10): deterministic from the id so
 * tests and demos can count on it; an id ending `000` has no score. `digest` is any stable hash
 * of the id (at least 4 bytes).
 */
export function sandboxBureauRecord(doc_id: string, digest: Uint8Array): BureauRecord | null {
  if (doc_id.endsWith('000')) return null;
  const [a = 0, b = 0, c = 0, d = 0] = digest;
  return {
    score: 300 + (((a << 8) | b) % 551),
    delinquencies_12m: c % 4 === 0 ? (d % 3) + 1 : 0,
    credit_history_months: 3 + (c % 120),
    inquiries_6m: d % 6,
  };
}

/** The record of an overridden score: neutral attributes, so the score is the override's. */
export function overriddenBureauRecord(score: number): BureauRecord {
  return { score, delinquencies_12m: 0, credit_history_months: 36, inquiries_6m: 0 };
}
