import type {
  TravelRuleCounterparty,
  TravelRuleTransfer,
} from '../../application/withdrawals/ports';
import {
  sandboxCounterpartyAnswer,
  type CounterpartyAnswer,
} from '../../domain/withdrawals/travel-rule';

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
 * Live: no Travel Rule network is connected yet, so a hosted withdrawal that needs the Travel Rule
 * cannot be approved and is refused as retryable (`travel_rule_unavailable`); below the threshold,
 * and to linked self-hosted wallets, live withdrawals go on.
 */
export class UnconnectedCounterparty implements TravelRuleCounterparty {
  submit(): Promise<CounterpartyAnswer> {
    return Promise.resolve('unavailable');
  }
}
