import type { PayinInstructions } from '@platform/contracts';
import type { Money } from '@platform/money';
import type { PayinCorridor } from './corridors';

/**
 * What the payer needs to pay, per method. Sandbox values: deterministic from the reference,
 * never a real account.
 */
export function instructionsFor(
  corridor: Pick<PayinCorridor, 'method' | 'country' | 'currency'>,
  local_amount: Money,
  reference: string,
  payment_url: string | null,
): PayinInstructions {
  const amount = local_amount.toString();
  const digits = referenceDigits(reference);
  switch (corridor.method) {
    case 'bank_transfer':
      return {
        type: 'bank_transfer',
        amount,
        currency: corridor.currency,
        reference,
        beneficiary_name: 'Payments Platform Collections',
        ...bankAccountFor(corridor.country, digits),
      };
    case 'qr':
      return {
        type: 'qr',
        amount,
        currency: corridor.currency,
        reference,
        qr_payload: `000201010212${corridor.country}${corridor.currency}${amount}|${reference}`,
      };
    case 'fintoc':
      return { type: 'bank_payment_initiation', amount, currency: corridor.currency, reference };
    case 'card':
      return { type: 'hosted_card_page', amount, currency: corridor.currency, payment_url };
    default: {
      const unhandled: never = corridor.method;
      throw new Error(`no instructions for ${String(unhandled)}`);
    }
  }
}

function bankAccountFor(
  country: string,
  digits: string,
): { clabe: string } | { cbu: string } | { routing_number: string; account_number: string } {
  switch (country) {
    case 'MX':
      return { clabe: `646180${digits.padStart(12, '0').slice(-12)}` };
    case 'AR':
      return { cbu: `0000003100${digits.padStart(12, '0').slice(-12)}` };
    default:
      return { routing_number: '021000021', account_number: digits.padStart(12, '0').slice(-12) };
  }
}

function referenceDigits(reference: string): string {
  return [...reference].map((char) => (char.charCodeAt(0) % 10).toString()).join('');
}
