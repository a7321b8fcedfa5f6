import type { Asset } from '@platform/money';
import type { RateTableView } from '../domain/conversion';
import type { StoredPayinMethod } from '../domain/corridors';
import type { RailPlanner } from '../domain/payin-factory';

/** What payins asks of the ledger (over the bus). Every movement is idempotent by operation_id. */
export interface LedgerPort {
  credit(movement: LedgerMovement): Promise<void>;
  debit(movement: LedgerMovement): Promise<void>;
  /** Moves funds between two accounts atomically (`ledger.transfer_funds`). */
  transfer(movement: LedgerTransfer): Promise<void>;
  rates(): Promise<RateTableView>;
  /**
   * The account's `default_payin_asset` (spec §1 rule 4). When the ledger cannot tell, a
   * retryable `recovery_pending`: never a guess, which would credit the wrong asset.
   */
  payinAsset(account_id: string): Promise<Asset>;
}

export interface LedgerMovement {
  account_id: string;
  operation_id: string;
  asset: Asset;
  amount: string;
  kind: 'payin' | 'payin_refund' | 'pos_charge' | 'pos_refund';
  reference_id: string;
  /** How it reads on a statement ("Payin via bank transfer"); the ledger words the kind without. */
  description?: string;
  /** A credit dated in the past (a test account's demo payins only). */
  effective_at?: string;
}

export interface LedgerTransfer {
  from_account_id: string;
  to_account_id: string;
  operation_id: string;
  asset: Asset;
  amount: string;
  kind: 'checkout_payment';
  reference_id: string;
}

/** What payins asks of identity. */
export interface IdentityPort {
  kycStatus(account_id: string): Promise<string>;
  /** `person` or `company`. */
  accountType(account_id: string): Promise<string>;
  organizationTimezone(org_id: string): Promise<string>;
  /** The organization's display name (documents name their issuer); null when unknown. */
  organizationName(org_id: string): Promise<string | null>;
  /** The account holder's display name (a receipt names who received the money). */
  accountName(account_id: string): Promise<string | null>;
  /** The member who owns the account (an API key acts as them); null when none is active. */
  ownerMemberId(account_id: string): Promise<string | null>;
}

/**
 * The collection rail behind payins: the sandbox simulator in test, the manual connector in live
 * (an operator confirms each payment). It plans what happens to a collection once created.
 */
export interface CollectionConnector extends RailPlanner {
  /** Card amounts the pre-capture authentication filter refuses (`provider_rejected`). */
  rejectsAtCreate(method: StoredPayinMethod, amount_text: string): boolean;
}
