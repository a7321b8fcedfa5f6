import { DomainError } from '@platform/contracts';
import type { Payin } from './payin';
import { PayinTransitionRefused, type MatchReason } from './payin-events';

/** Spec §8: a card payment on a checkout link needs at least 5 minutes left. */
export const CARD_MIN_REMAINING_MS = 5 * 60 * 1000;

export type CheckoutStatus = 'open' | 'paid' | 'expired';

/** A link is open while pending and before its expiry; paid once credited; expired otherwise. */
export function checkoutStatusOf(link: Payin, now: Date): CheckoutStatus {
  if (link.status === 'credited') return 'paid';
  if (link.status === 'pending' && link.expires_at > now) return 'open';
  return 'expired';
}

/** A payer may pay a link only while it is open: the first completed payment wins (spec §3). */
export function requireOpenLink(link: Payin, now: Date): void {
  const status = checkoutStatusOf(link, now);
  if (status === 'paid')
    throw new PayinTransitionRefused(
      'already_paid',
      'this checkout link is already paid',
      link.status,
      'pay_link',
    );
  if (status === 'expired')
    throw new PayinTransitionRefused(
      'checkout_expired',
      'this checkout link has expired',
      link.status,
      'pay_link',
    );
}

/** Whether a card payment may still start on the link (5 minutes at least). */
export function cardPaymentOpen(link: Payin, now: Date): boolean {
  return link.expires_at.getTime() - now.getTime() >= CARD_MIN_REMAINING_MS;
}

export function requireCardTime(link: Payin, now: Date): void {
  if (!cardPaymentOpen(link, now))
    throw new DomainError(
      'checkout_expiring_soon',
      'the link expires in under 5 minutes; pay with another method',
    );
}

/**
 * Where a payment a payer made on a link goes: the link, while open, or nowhere (`unassigned`,
 * with its reason, for an operator to return) once it was paid by another method or expired.
 */
export function unassignedReason(link: Payin, now: Date): MatchReason | null {
  const status = checkoutStatusOf(link, now);
  if (status === 'open') return null;
  return status === 'paid' ? 'checkout_already_paid' : 'checkout_link_expired';
}
