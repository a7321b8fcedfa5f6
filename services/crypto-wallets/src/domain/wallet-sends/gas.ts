import { DomainError } from '@platform/contracts';
import { NATIVE_COINS, type Chain } from '../chains/chain';
import { covers } from './coin-amount';

/**
 * A send from a segregated wallet pays the chain's network fee in the native coin from the
 * wallet itself (the platform never pays a client's gas). On btc the coin and the asset are
 * the same, so the fee comes out of the same balance as the amount.
 */
export interface GasCheck {
  chain: Chain;
  /** The wallet's native coin balance on chain. */
  native_balance: string;
  /** What this send's transfer costs in the native coin. */
  network_fee: string;
}

/** `insufficient_gas` (422) when the wallet cannot pay the network fee of the send. */
export function requireGas(check: GasCheck): void {
  if (covers(check.native_balance, check.network_fee)) return;
  throw new DomainError(
    'insufficient_gas',
    `the wallet needs ${check.network_fee} ${NATIVE_COINS[check.chain]} for the network fee and holds ${check.native_balance}`,
  );
}
