import type { CryptoWithdrawalStatus, TravelRuleStatus } from '@platform/contracts';

/** A withdrawal as its decider sees it; amounts are decimal text in `asset`. */
export interface WithdrawalState {
  withdrawal_id: string;
  account_id: string;
  org_id: string;
  chain: string;
  asset: string;
  amount: string;
  fee: string;
  to_address: string;
  idempotency_key: string;
  travel_rule_status: TravelRuleStatus;
  status: CryptoWithdrawalStatus;
  tx_id: string | null;
  review_id: string | null;
  /** Why it failed (`chain_failed`, `review_rejected`); null otherwise. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** What the service learns about a withdrawal, each with the time it learned it. */
export type WithdrawalCommand =
  /** The hold is placed; `review_id` names the firewall review holding it, if any. */
  | { type: 'open'; state: Omit<WithdrawalState, 'status' | 'updated_at'>; at: string }
  /** The chain port took the transfer (`tx_id` null while a live operator broadcasts it). */
  | { type: 'record_broadcast'; tx_id: string | null; at: string }
  /** An observation of the chain about this withdrawal's transfer. */
  | {
      type: 'record_observation';
      status: 'seen' | 'confirmed' | 'failed';
      tx_id: string;
      at: string;
    }
  | { type: 'release_review'; at: string }
  | { type: 'reject_review'; at: string };

/** What happened. Each changes `status` or `tx_id`; each is stored with a status event. */
export type WithdrawalEvent =
  | { type: 'opened'; state: Omit<WithdrawalState, 'status' | 'updated_at'>; at: string }
  | { type: 'broadcast'; tx_id: string | null; at: string }
  | { type: 'tx_observed'; tx_id: string; at: string }
  | { type: 'completed'; tx_id: string; at: string }
  | { type: 'failed'; tx_id: string | null; reason: 'chain_failed' | 'review_rejected'; at: string }
  | { type: 'review_released'; at: string };

/** What an event needs done with the ledger before it counts. */
export type WithdrawalEffect = 'post_hold' | 'release_hold';

export function effectOf(event: WithdrawalEvent): WithdrawalEffect | null {
  switch (event.type) {
    case 'completed':
      return 'post_hold';
    case 'failed':
      return 'release_hold';
    case 'opened':
    case 'broadcast':
    case 'tx_observed':
    case 'review_released':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`unknown withdrawal event ${JSON.stringify(unknown)}`);
    }
  }
}

export function isFinal(status: CryptoWithdrawalStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** True while the withdrawal waits for its broadcast (after create, or after its review). */
export function awaitsBroadcast(state: WithdrawalState): boolean {
  return state.status === 'pending';
}

/** The state an event leaves (pure). `opened` starts from nothing. */
export function evolve(state: WithdrawalState | null, event: WithdrawalEvent): WithdrawalState {
  if (event.type === 'opened') {
    const status = event.state.review_id === null ? 'pending' : 'in_review';
    return { ...event.state, status, updated_at: event.at };
  }
  if (state === null) throw new Error(`withdrawal event ${event.type} before opened`);
  const next = { ...state, updated_at: event.at };
  switch (event.type) {
    case 'broadcast':
      return { ...next, status: 'processing', tx_id: event.tx_id };
    case 'tx_observed':
      return { ...next, tx_id: event.tx_id };
    case 'completed':
      return { ...next, status: 'completed', tx_id: event.tx_id };
    case 'failed':
      return { ...next, status: 'failed', tx_id: event.tx_id, failure_reason: event.reason };
    case 'review_released':
      return { ...next, status: 'pending' };
    default: {
      const unknown: never = event;
      throw new Error(`unknown withdrawal event ${JSON.stringify(unknown)}`);
    }
  }
}
