import { DomainError, type WalletType } from '@platform/contracts';
import { Money } from '@platform/money';

/**
 * What the Travel Rule asks of one withdrawal (spec §8, decisions D9): nothing below the
 * threshold; at or above it, a self-hosted destination must be a wallet the account linked, and
 * a hosted one needs the beneficiary's Travel Rule address and name, which go to the
 * counterparty exchange for its approval.
 */
export type TravelRuleDemand =
  | { kind: 'not_required' }
  | { kind: 'self_hosted' }
  | { kind: 'hosted'; travel_address: string; beneficiary_name: string };

export interface TravelRuleInput {
  /** The withdrawal's value in USD (decimal text). */
  usd_value: string;
  /** The threshold in USD (decimal text). */
  threshold_usd: string;
  wallet_type: WalletType;
  travel_address: string | null;
  beneficiary_name: string | null;
}

export function travelRuleDemand(input: TravelRuleInput): TravelRuleDemand {
  const value = Money.parseSigned('USD', input.usd_value);
  if (value.lt(Money.parseSigned('USD', input.threshold_usd))) return { kind: 'not_required' };
  if (input.wallet_type === 'self_hosted') return { kind: 'self_hosted' };
  if (input.travel_address === null) {
    throw new DomainError(
      'travel_rule_required',
      "withdrawals of this value to a hosted wallet need the beneficiary's travel_address",
    );
  }
  if (input.beneficiary_name === null) {
    throw new DomainError(
      'travel_rule_beneficiary_required',
      'withdrawals of this value to a hosted wallet need beneficiary_name',
    );
  }
  return {
    kind: 'hosted',
    travel_address: input.travel_address,
    beneficiary_name: input.beneficiary_name,
  };
}

/** How a counterparty exchange answered the originator data it was sent. */
export const COUNTERPARTY_ANSWERS = [
  'approved',
  'rejected',
  'pending',
  'partial',
  'unavailable',
] as const;
export type CounterpartyAnswer = (typeof COUNTERPARTY_ANSWERS)[number];

/**
 * Sandbox counterparty: the end of the `travel_address` chooses its answer (`...reject`,
 * `...pending`, `...partial`, `...unavailable`); anything else is approved.
 */
export function sandboxCounterpartyAnswer(travel_address: string): CounterpartyAnswer {
  const lowered = travel_address.toLowerCase();
  for (const answer of ['reject', 'pending', 'partial', 'unavailable'] as const) {
    if (lowered.endsWith(answer)) return answer === 'reject' ? 'rejected' : answer;
  }
  return 'approved';
}

/** Every answer but `approved` refuses the withdrawal with the spec's code; nothing is created. */
export function requireApproved(answer: CounterpartyAnswer): void {
  switch (answer) {
    case 'approved':
      return;
    case 'rejected':
      throw new DomainError(
        'travel_rule_rejected',
        "the beneficiary's exchange rejected this transfer",
      );
    case 'pending':
      throw new DomainError(
        'travel_rule_pending',
        "the beneficiary's exchange has not approved this transfer yet; retry later",
      );
    case 'partial':
      throw new DomainError(
        'travel_rule_incomplete_approval',
        "the beneficiary's exchange approved only part of the required data",
      );
    case 'unavailable':
      throw new DomainError(
        'travel_rule_unavailable',
        'the Travel Rule check is unavailable; retry with the same idempotency_key',
      );
    default: {
      const unknown: never = answer;
      throw new Error(`unknown counterparty answer ${String(unknown)}`);
    }
  }
}
