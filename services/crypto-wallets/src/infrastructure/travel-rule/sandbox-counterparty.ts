import type {
  TravelRuleCounterparty,
  TravelRuleTransfer,
} from '../../application/withdrawals/ports';
import {
  sandboxCounterpartyAnswer,
  type CounterpartyAnswer,
} from '../../domain/withdrawals/travel-rule';
import type { TravelRuleTransfersRepository } from './travel-rule-transfers.repository';

/**
 * The test environment's counterparty exchange: it answers at once, chosen by the end of the
 * beneficiary's `travel_address` (see `sandboxCounterpartyAnswer`).
 */
export class SandboxCounterparty implements TravelRuleCounterparty {
  submit(transfer: TravelRuleTransfer): Promise<CounterpartyAnswer> {
    return Promise.resolve(sandboxCounterpartyAnswer(transfer.travel_address));
  }
}

/**
 * Live: no Travel Rule network is connected, so the operator is the link to the beneficiary's
 * exchange. The first request records the transfer and answers `pending`; the operator sends the
 * data, records the exchange's answer (`/admin/v1/crypto/travel-rule`), and the client's retry
 * under the same key gets it.
 */
export class OperatorCounterparty implements TravelRuleCounterparty {
  constructor(private readonly transfers: TravelRuleTransfersRepository) {}

  async submit(transfer: TravelRuleTransfer): Promise<CounterpartyAnswer> {
    const recorded = await this.transfers.record(transfer);
    return recorded.status;
  }
}
