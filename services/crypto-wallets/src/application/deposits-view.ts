import type { CryptoDepositResource, CryptoWalletResource } from '@platform/contracts';
import type { DepositWallet, StoredDeposit } from '../infrastructure/deposits.repository';

export function walletView(wallet: DepositWallet): CryptoWalletResource {
  return {
    wallet_id: wallet.wallet_id,
    type: 'deposit',
    receive_only: true,
    chain: wallet.chain,
    asset: wallet.asset,
    address: wallet.address,
    created_at: wallet.created_at,
  };
}

export function depositView(
  deposit: StoredDeposit,
  required_confirmations: number,
): CryptoDepositResource {
  return {
    deposit_id: deposit.deposit_id,
    account_id: deposit.account_id,
    wallet_id: deposit.wallet_id,
    chain: deposit.chain,
    asset: deposit.asset,
    tx_id: deposit.tx_id,
    from_address: deposit.from_address,
    to_address: deposit.to_address,
    amount: deposit.amount,
    fee: deposit.fee,
    status: deposit.status,
    risk: deposit.risk?.risk ?? null,
    hold_id: deposit.hold_id,
    confirmations: deposit.confirmations,
    required_confirmations,
    created_at: deposit.created_at,
    updated_at: deposit.updated_at,
  };
}
