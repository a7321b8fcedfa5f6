/** The card issuer: who makes the card and alone holds its number and security code. */
export const CARD_ISSUER_PORT = Symbol('CARD_ISSUER_PORT');

export interface IssueAtIssuer {
  /** Our card id: issuing the same card again answers the card issued the first time. */
  card_id: string;
  type: 'virtual' | 'physical';
  cardholder_name: string;
}

export interface IssuedCard {
  issuer_ref: string;
  last4: string;
  /** `MM/YY`. */
  expiry: string;
}

export interface CardSensitiveData {
  pan: string;
  cvv: string;
  expiry: string;
}

export interface CardIssuerPort {
  /** Idempotent by `card_id`. Throws when the issuer cannot be reached. */
  issue(request: IssueAtIssuer): Promise<IssuedCard>;
  /** The card's number and code, read from the issuer each time; null for an unknown ref. */
  sensitiveData(issuer_ref: string): Promise<CardSensitiveData | null>;
}
