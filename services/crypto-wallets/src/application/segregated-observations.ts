import type { ChainObservation, ObservationHandler } from './chain-port';
import { transferStatusOf } from '../domain/segregated/wallet-transfers';
import type { WalletTransfersRepository } from '../infrastructure/segregated/wallet-transfers.repository';

/**
 * The chain watcher's handler for segregated wallets: every observed transfer to or from a
 * segregated wallet's address (of the wallet's asset) becomes part of that wallet's history and
 * balance. Idempotent: a repeated observation changes nothing, a late one never undoes a final
 * status. Other observations are not its own and are ignored.
 */
export class SegregatedWalletObservations implements ObservationHandler {
  readonly name = 'segregated-wallets';

  constructor(private readonly transfers: WalletTransfersRepository) {}

  async handle(observation: ChainObservation): Promise<void> {
    const touched = await this.transfers.walletsTouched(
      observation.chain,
      observation.asset,
      observation.from_address,
      observation.to_address,
    );
    for (const { wallet_id, direction } of touched)
      await this.transfers.record({
        wallet_id,
        tx_id: observation.tx_id,
        direction,
        asset: observation.asset,
        from_address: observation.from_address,
        to_address: observation.to_address,
        amount: observation.amount,
        network_fee: observation.network_fee,
        status: transferStatusOf(observation.status),
        confirmations: observation.confirmations,
        observed_at: new Date(observation.observed_at),
      });
  }
}
