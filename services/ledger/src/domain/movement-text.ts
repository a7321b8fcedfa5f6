/**
 * How a movement reads on a statement, like a bank's: the text the moving service gave
 * ("Payout to Ana Diaz (PIX)"), else words for its kind ("Payin", "Card payment"). Never a
 * hold id or an internal state: a movement reads the same before and after its payout completes.
 */

const KIND_WORDS: Readonly<Record<string, string>> = {
  payin: 'Payin',
  payout: 'Payout',
  fee: 'Fee',
  transfer: 'Transfer',
  swap: 'Swap',
  card: 'Card payment',
  card_fee: 'Card fee',
  checkout_payment: 'Checkout payment',
  payin_refund: 'Payin refund',
  pos_charge: 'POS charge',
  pos_refund: 'POS refund',
  crypto_deposit: 'Crypto deposit',
  crypto_withdrawal: 'Crypto withdrawal',
  external_outflow: 'Bank payment',
  dispute: 'Dispute',
};

/** `kind` in words: a known one as a statement says it, another with its underscores as spaces. */
export function kindWords(kind: string): string {
  const known = KIND_WORDS[kind];
  if (known) return known;
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The movement's own text, else its kind in words. */
export function movementText(kind: string, description: string | undefined): string {
  return description ?? kindWords(kind);
}

/** A held amount that came back to the account (a payout that failed or was cancelled). */
export function returnedText(text: string): string {
  return `${text}, returned`;
}

/** The fee leg beside a movement. */
export function feeText(text: string): string {
  return `Fee: ${text}`;
}

/** A transfer leg names the other account. */
export function transferText(direction: 'from' | 'to', account_id: string): string {
  return `Transfer ${direction} ${account_id}`;
}

/** A fee account's credit names the account that paid the fee. */
export function feeFromText(account_id: string): string {
  return `Fee from ${account_id}`;
}

export function swapText(from_asset: string, to_asset: string): string {
  return `Swap ${from_asset} to ${to_asset}`;
}
