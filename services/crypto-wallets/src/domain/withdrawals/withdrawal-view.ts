import type {
  CryptoWithdrawalResource,
  CryptoWithdrawalStatusChanged,
  AssetCode,
} from '@platform/contracts';
import type { Chain } from '../chains/chain';
import type { WithdrawalState } from './withdrawal-state';

/** The withdrawal as the API answers it. */
export function publicWithdrawal(state: WithdrawalState): CryptoWithdrawalResource {
  return {
    withdrawal_id: state.withdrawal_id,
    chain: state.chain,
    asset: state.asset,
    amount: state.amount,
    fee: state.fee,
    to_address: state.to_address,
    tx_id: state.tx_id,
    status: state.status,
    travel_rule_status: state.travel_rule_status,
    review_id: state.review_id,
    idempotency_key: state.idempotency_key,
    created_at: state.created_at,
    updated_at: state.updated_at,
  };
}

/** `crypto-wallets.withdrawal_status_changed` of a state. */
export function statusChangedData(state: WithdrawalState): CryptoWithdrawalStatusChanged {
  return {
    withdrawal_id: state.withdrawal_id,
    account_id: state.account_id,
    chain: state.chain as Chain,
    asset: state.asset as AssetCode,
    tx_id: state.tx_id,
    status: state.status,
    amount: state.amount,
    fee: state.fee,
    ...(state.idempotency_key === '' ? {} : { idempotency_key: state.idempotency_key }),
  };
}
