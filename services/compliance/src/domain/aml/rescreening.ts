import type { ScreeningMatch, ScreeningOutcome, ScreeningStatus } from './screening-decision';

/** Why a screening was screened again: the account asked, or a list changed under monitoring. */
export type RescreenCause = 'rescreened' | 'monitoring';

/** The public `aml_screening_updated` payload (spec §6) of a changed outcome. */
export interface AmlScreeningUpdate {
  account_id: string;
  screening_event: RescreenCause;
  customer_id: string;
  data: {
    screening_id: string;
    status: ScreeningStatus;
    previous_status: ScreeningStatus;
    matches: ScreeningMatch[];
    updated_at: string;
  };
}

const matchKey = (match: ScreeningMatch) => `${match.list}\u0000${match.name}`;

/**
 * Whether a rescreening changed the outcome: another status, or other listed parties found. A
 * score that moves on the same parties is no news.
 */
export function outcomeChanged(previous: ScreeningOutcome, next: ScreeningOutcome): boolean {
  if (previous.status !== next.status) return true;
  const before = previous.matches.map(matchKey).sort().join('\n');
  return before !== next.matches.map(matchKey).sort().join('\n');
}

/** The event a rescreening publishes, or null when the outcome did not change. */
export function rescreenUpdate(
  screening: { screening_id: string; account_id: string; previous: ScreeningOutcome },
  next: ScreeningOutcome,
  cause: RescreenCause,
  at: Date,
): AmlScreeningUpdate | null {
  if (!outcomeChanged(screening.previous, next)) return null;
  return {
    account_id: screening.account_id,
    screening_event: cause,
    customer_id: screening.screening_id,
    data: {
      screening_id: screening.screening_id,
      status: next.status,
      previous_status: screening.previous.status,
      matches: next.matches,
      updated_at: at.toISOString(),
    },
  };
}
