import type { AmlScreeningStatus } from '@platform/contracts';

/** What the cards service asks the rest of the platform about an account. */
export const ACCOUNT_PORTS = Symbol('ACCOUNT_PORTS');

export interface AccountPorts {
  /** The account's identity verification: `none`, `pending`, `approved` or `rejected`. */
  kycStatus(account_id: string): Promise<string>;
  /**
   * The newest screening of a person of that name (compared in capitals without accents) among
   * the account's screenings; null when the holder was never screened.
   */
  holderScreening(account_id: string, printed_name: string): Promise<AmlScreeningStatus | null>;
  /** The asset card spending and fees are taken in. */
  settlementAsset(account_id: string): Promise<string>;
}

/** The ledger's money movements a card makes, each idempotent by `operation_id`. */
export const CARD_LEDGER = Symbol('CARD_LEDGER');

export interface LedgerMove {
  account_id: string;
  operation_id: string;
  asset: string;
  amount: string;
  reference_id: string;
}

export interface CardLedger {
  /** Reserves the amount; `insufficient_funds` when the available balance cannot cover it. */
  placeHold(move: LedgerMove & { hold_id: string }): Promise<void>;
  postHold(move: { account_id: string; operation_id: string; hold_id: string }): Promise<void>;
  releaseHold(move: { account_id: string; operation_id: string; hold_id: string }): Promise<void>;
  debit(move: LedgerMove): Promise<void>;
  credit(move: LedgerMove): Promise<void>;
  /** Moves a fee to the organization's fee account; `insufficient_funds` when it does not fit. */
  chargeFee(move: LedgerMove & { org_id: string }): Promise<void>;
}
