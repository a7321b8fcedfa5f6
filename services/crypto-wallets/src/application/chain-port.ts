import type { Chain, ChainAsset, NATIVE_COINS } from '../domain/chains/chain';

/**
 * What a transfer on chain moves: a ledger asset, or (part S) the chain's native coin, which
 * pays a segregated wallet's gas. Only segregated wallets read native coin transfers; deposits
 * match their wallet's asset and so ignore them.
 */
export type ObservedAsset = ChainAsset | (typeof NATIVE_COINS)[Chain];

/**
 * Part S: a segregated wallet's send broadcasts with this prefix before its `send_id`. Such a
 * transfer is the client's own money arriving when it lands on a deposit wallet (auto-forward),
 * so deposits credit it, while other platform broadcasts (withdrawals) are not deposits.
 */
export const WALLET_SEND_REFERENCE_PREFIX = 'wallet-send:';

/**
 * What the service asks of a blockchain. No chain is reachable from here (D9): the sandbox
 * simulates one (blocks every `SANDBOX_STEP_MS`, confirmations, fees), and live has a
 * watch-only connector that the operator feeds with what they see on chain and with the
 * broadcasts they made. Both report to the service through one ordered log of observations,
 * so deposits and withdrawals are driven the same way in either environment.
 */
export interface ChainPort {
  /** Confirmations after which a transfer of `chain` is final. */
  requiredConfirmations(chain: Chain): number;
  /**
   * Hands an outbound transfer to the chain. Idempotent by `reference`: a repeat answers the
   * first broadcast. The sandbox answers a transaction id at once; live queues it for the
   * operator, who signs and broadcasts it outside the platform and reports the tx id back.
   */
  broadcast(request: BroadcastRequest): Promise<BroadcastReceipt>;
  /** Observations after `cursor` (exclusive), oldest first, at most `limit` of them. */
  observationsAfter(cursor: string, limit: number): Promise<ChainObservation[]>;
}

export interface BroadcastRequest {
  /** The operation's own id (`withdrawal_id`, `send_id`): the idempotency of the broadcast. */
  reference: string;
  chain: Chain;
  asset: ChainAsset;
  from_address: string;
  to_address: string;
  /** Decimal text in the asset's units. */
  amount: string;
}

export interface BroadcastReceipt {
  /** Null while a live broadcast waits for the operator. */
  tx_id: string | null;
}

/**
 * One thing seen on chain about one transfer: it appeared in a block (`seen`), reached its
 * required confirmations (`confirmed`) or was reverted (`failed`). A transfer can be observed
 * more than once (a watcher restarts, an operator reports twice): consumers are idempotent by
 * `(tx_id, to_address, status)`.
 */
export interface ChainObservation {
  /** Monotonic position in the log (a bigint as decimal text). */
  cursor: string;
  status: 'seen' | 'confirmed' | 'failed';
  chain: Chain;
  asset: ObservedAsset;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  /** The network fee the transfer paid, in the chain's native coin. */
  network_fee: string;
  confirmations: number;
  /** The broadcast's `reference` when the platform sent the transfer; null for inbound ones. */
  reference: string | null;
  observed_at: string;
}

/**
 * What consumes the observation log: deposits, withdrawals and segregated wallets each register
 * one with the chain watcher, which hands every observation to every handler in log order and
 * keeps its cursor durable. A handler ignores what is not its own and must be idempotent.
 */
export interface ObservationHandler {
  readonly name: string;
  handle(observation: ChainObservation): Promise<void>;
}

export const OBSERVATION_HANDLERS = Symbol('OBSERVATION_HANDLERS');
