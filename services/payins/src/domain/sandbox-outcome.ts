import type { StoredPayinMethod } from './corridors';

/**
 * What the sandbox does with a collection (decisions D6), decided by the amount's cents:
 * `.99` the collection fails, `.77` it is never paid and expires, card `.44` is rejected at
 * create by the pre-capture authentication filter; anything else is paid after one step.
 */
export type SandboxOutcome = 'pay' | 'fail' | 'never_paid' | 'reject_at_create';

export function sandboxOutcome(method: StoredPayinMethod, amount_text: string): SandboxOutcome {
  const cents = centsOf(amount_text);
  if (cents === '99') return 'fail';
  if (cents === '77') return 'never_paid';
  if (cents === '44' && method === 'card') return 'reject_at_create';
  return 'pay';
}

/** The first two decimals of a normalized amount (`10.990000` is `99`); `00` for whole ones. */
function centsOf(amount_text: string): string {
  const fraction = amount_text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').padEnd(2, '0');
}
