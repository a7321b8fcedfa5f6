import type { ScreenPayoutCommand, ScreeningDecision } from '@platform/contracts';
import { screenSubject, type ScreeningStatus } from './aml/screening-decision';
import type { WatchlistEntry } from './aml/watchlist';

/** Why a screening decided what it did; kept on reviews, never shown to clients (spec §7). */
export type ScreeningReason =
  'clear' | 'sandbox_reject_name' | 'sandbox_firewall_amount' | 'aml_match' | 'aml_potential_match';

/**
 * Screening of a payout before any debit. The beneficiary's name goes through the same AML
 * matcher as `POST /v1/aml/screenings`: a match on a sanctions list is rejected, a potential
 * match held for a firewall review. The test environment's magic values (decisions D6, D8):
 * beneficiary name `REJECT` is rejected; an amount ending `.77` is held by the firewall; names
 * containing `SANCTIONED` or `PEP` screen as AML matches do.
 */
export function screenPayout(
  command: ScreenPayoutCommand,
  environment: 'test' | 'live',
  lists: readonly WatchlistEntry[],
): { decision: ScreeningDecision; reason: ScreeningReason } {
  if (environment === 'test' && command.beneficiary_name.trim().toUpperCase() === 'REJECT') {
    return { decision: 'reject', reason: 'sandbox_reject_name' };
  }
  const aml = beneficiaryStatus(command, environment, lists);
  if (aml === 'match') return { decision: 'reject', reason: 'aml_match' };
  if (aml === 'potential_match') return { decision: 'hold', reason: 'aml_potential_match' };
  if (environment === 'test' && command.local_amount.endsWith('.77')) {
    return { decision: 'hold', reason: 'sandbox_firewall_amount' };
  }
  return { decision: 'process', reason: 'clear' };
}

/** A beneficiary may be a person or a company: the worse of both screenings. */
function beneficiaryStatus(
  command: ScreenPayoutCommand,
  environment: 'test' | 'live',
  lists: readonly WatchlistEntry[],
): ScreeningStatus {
  if (command.beneficiary_name.trim() === '') return 'clear';
  const statuses = (['person', 'company'] as const).map(
    (type) =>
      screenSubject(
        { type, name: command.beneficiary_name, country: command.country },
        lists,
        environment,
      ).status,
  );
  if (statuses.includes('match')) return 'match';
  return statuses.includes('potential_match') ? 'potential_match' : 'clear';
}
