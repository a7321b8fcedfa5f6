import type { ScreenPayoutCommand, ScreeningDecision } from '@platform/contracts';

/** Why a screening decided what it did; kept on reviews, never shown to clients (spec §7). */
export type ScreeningReason = 'clear' | 'sandbox_reject_name' | 'sandbox_firewall_amount';

/**
 * Screening of a payout before any debit. The test environment's magic values (decisions D6):
 * beneficiary name `REJECT` is rejected; an amount ending `.77` is held by the firewall. The
 * live environment has no screening provider wired, so everything is processed.
 */
export function screenPayout(
  command: ScreenPayoutCommand,
  environment: 'test' | 'live',
): { decision: ScreeningDecision; reason: ScreeningReason } {
  if (environment === 'test') {
    if (command.beneficiary_name.trim().toUpperCase() === 'REJECT') {
      return { decision: 'reject', reason: 'sandbox_reject_name' };
    }
    if (command.local_amount.endsWith('.77')) {
      return { decision: 'hold', reason: 'sandbox_firewall_amount' };
    }
  }
  return { decision: 'process', reason: 'clear' };
}
