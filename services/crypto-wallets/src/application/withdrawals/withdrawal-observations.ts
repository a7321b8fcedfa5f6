import { Injectable } from '@nestjs/common';
import type { ChainObservation, ObservationHandler } from '../chain-port';
import { WithdrawalSteps } from './withdrawal-steps';

/**
 * The withdrawals' reader of the chain's observation log: a transfer the platform broadcast
 * carries its withdrawal's id as `reference`; `confirmed` posts the hold (completed), `failed`
 * releases it (failed, the debit refunded). Inbound transfers and other operations' references
 * are not withdrawals and are skipped; repeats decide nothing.
 */
@Injectable()
export class WithdrawalObservations implements ObservationHandler {
  readonly name = 'crypto-withdrawals';

  constructor(private readonly steps: WithdrawalSteps) {}

  async handle(observation: ChainObservation): Promise<void> {
    if (observation.reference === null) return;
    await this.steps.apply(
      observation.reference,
      {
        type: 'record_observation',
        status: observation.status,
        tx_id: observation.tx_id,
        at: observation.observed_at,
      },
      null,
    );
  }
}
