/**
 * Statement texts of payouts and payins, worded by the service that moves the money and kept by
 * the ledger on the movement: "Payout to Ana Diaz (PIX)", "Payin via bank transfer". The same
 * text shows in the movements listing, its exports and the statement.
 */

/** Rails named by their acronym; every other method reads with spaces for underscores. */
const ACRONYMS: Readonly<Record<string, string>> = {
  pix: 'PIX',
  spei: 'SPEI',
  sepa: 'SEPA',
  ach: 'ACH',
  cbu: 'CBU',
  cvu: 'CVU',
  qr: 'QR',
  pse: 'PSE',
};

/** A payment method as a person reads it: `bank_transfer` is "bank transfer", `pix` "PIX". */
export function methodWords(method: string): string {
  return method
    .split('_')
    .filter((word) => word !== '')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
}

/** Room left for a beneficiary name in the ledger's 140 characters. */
const MAX_NAME_LENGTH = 80;

/** "Payout to Ana Diaz (PIX)"; "Payout (PIX)" when the beneficiary has no name. */
export function payoutDescription(
  beneficiary_name: string | null | undefined,
  method: string,
): string {
  const name = (beneficiary_name ?? '').trim().slice(0, MAX_NAME_LENGTH);
  const how = methodWords(method).slice(0, 40);
  return name === '' ? `Payout (${how})` : `Payout to ${name} (${how})`;
}

/** "Payin via bank transfer". */
export function payinDescription(method: string): string {
  return `Payin via ${methodWords(method).slice(0, 100)}`;
}
