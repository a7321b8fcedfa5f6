import type { Chain, ChainAsset } from '../chains/chain';
import type { AddressRisk } from '../screening/address-risk';

export type DepositStatus = 'pending' | 'credited' | 'held' | 'failed' | 'rejected';

/**
 * The fee the platform takes on a crypto deposit, in the deposit's asset: none. The sender paid
 * the network fee on chain.
 */
export const DEPOSIT_FEE = '0';

/** One inbound transfer to a deposit wallet, as the service keeps it. */
export interface Deposit {
  deposit_id: string;
  account_id: string;
  org_id: string;
  wallet_id: string;
  chain: Chain;
  asset: ChainAsset;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  fee: string;
  status: DepositStatus;
  risk: AddressRisk | null;
  hold_id: string | null;
  confirmations: number;
}

export type DepositCommand =
  | { type: 'observe'; confirmations: number }
  | { type: 'confirm'; confirmations: number; risk: AddressRisk }
  | { type: 'fail' }
  | { type: 'release' }
  | { type: 'reject' };

export type DepositEvent =
  | { type: 'confirmations_counted'; confirmations: number }
  | { type: 'deposit_credited'; confirmations: number; risk: AddressRisk; alert: boolean }
  | { type: 'deposit_held'; confirmations: number; risk: AddressRisk; hold_id: string }
  | { type: 'deposit_failed' }
  | { type: 'hold_released' }
  | { type: 'hold_rejected' };

/** The deposit's hold id while it waits for an operator: one per deposit. */
export const depositHoldId = (deposit_id: string): string => `crypto-deposit:${deposit_id}`;
