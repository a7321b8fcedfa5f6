import type { Chain } from '../../domain/chains/chain';
import type { RiskLevel } from '../../domain/screening/address-risk';
import type { CounterpartyAnswer } from '../../domain/withdrawals/travel-rule';

/**
 * The account's linked external wallets (wallet links): a self-hosted destination above the
 * Travel Rule threshold must be one of them. The wallet links' repository implements it.
 */
export interface LinkedWallets {
  isLinked(account_id: string, chain: Chain, address: string): Promise<boolean>;
}
export const LINKED_WALLETS = Symbol('LINKED_WALLETS');

/** The originator and beneficiary data one hosted withdrawal sends to the counterparty. */
export interface TravelRuleTransfer {
  account_id: string;
  /** The withdrawal request's key: a retry under it finds the counterparty's answer. */
  idempotency_key: string;
  chain: Chain;
  asset: string;
  amount: string;
  to_address: string;
  travel_address: string;
  beneficiary_name: string;
}

/** The Travel Rule exchange with the beneficiary's exchange (the counterparty VASP). */
export interface TravelRuleCounterparty {
  submit(transfer: TravelRuleTransfer): Promise<CounterpartyAnswer>;
}
export const TRAVEL_RULE_COUNTERPARTY = Symbol('TRAVEL_RULE_COUNTERPARTY');

export type AddressRisk = RiskLevel;

/** The risk of a destination address, from the configured lists of flagged addresses. */
export interface DestinationScreening {
  riskOf(chain: Chain, address: string): Promise<AddressRisk>;
}
export const DESTINATION_SCREENING = Symbol('DESTINATION_SCREENING');

/** The environment's network (`testnet` in test): destination addresses must be of it. */
export const WITHDRAWAL_NETWORK = Symbol('WITHDRAWAL_NETWORK');

/** The chain port withdrawals broadcast through (bound to the service's chain port). */
export const WITHDRAWAL_CHAIN = Symbol('WITHDRAWAL_CHAIN');
