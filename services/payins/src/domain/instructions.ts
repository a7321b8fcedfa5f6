import type { CorridorPayinRequest } from './create-request';

/**
 * What the payer needs to pay, per method. Sandbox values: deterministic from the reference,
 * never a real account.
 */
export function instructionsFor(
  request: CorridorPayinRequest,
  reference: string,
  payment_url: string | null,
): Record<string, unknown> {
  const amount = request.amount.toString();
  const digits = referenceDigits(reference);
  switch (request.method) {
    case 'bank_transfer':
      return {
        type: 'bank_transfer',
        amount,
        currency: request.currency,
        reference,
        beneficiary_name: 'Payments Platform Collections',
        ...bankAccountFor(request.country, digits),
      };
    case 'qr':
      return {
        type: 'qr',
        amount,
        currency: request.currency,
        reference,
        qr_payload: `000201010212${request.country}${request.currency}${amount}|${reference}`,
      };
    case 'fintoc':
      return { type: 'bank_payment_initiation', amount, currency: request.currency, reference };
    case 'card':
      return { type: 'hosted_card_page', amount, currency: request.currency, payment_url };
    default: {
      const unhandled: never = request.method;
      throw new Error(`no instructions for ${String(unhandled)}`);
    }
  }
}

function bankAccountFor(country: string, digits: string): Record<string, string> {
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
