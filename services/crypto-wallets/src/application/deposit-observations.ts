import type { PoolClient } from 'pg';
import {
  DomainError,
  type CreditFundsCommand,
  type CryptoDepositAlert,
  type CryptoDepositCredited,
  type CryptoDepositHeld,
} from '@platform/contracts';
import { transition } from '../domain/deposits/deposit-decide';
import { DEPOSIT_FEE, type Deposit, type DepositEvent } from '../domain/deposits/deposit';
import { addressRisk, type RiskLists } from '../domain/screening/address-risk';
import type { DepositsRepository } from '../infrastructure/deposits.repository';
import {
  WALLET_SEND_REFERENCE_PREFIX,
  type ChainObservation,
  type ObservationHandler,
} from './chain-port';

/** The ledger operation of a deposit: one per transfer, whoever observes it and how often. */
export const depositOperationId = (chain: string, tx_id: string, to_address: string): string =>
  `crypto-deposit:${chain}:${tx_id}:${to_address}`;

/** The ledger as deposits use it: `credit_funds`, idempotent by `operation_id`. */
export interface DepositLedger {
  credit(command: CreditFundsCommand): Promise<unknown>;
}

type PublicEvent =
  | { type: 'crypto-wallets.deposit_credited'; data: CryptoDepositCredited }
  | { type: 'crypto-wallets.deposit_quarantined'; data: CryptoDepositHeld }
  | { type: 'crypto-wallets.deposit_flagged'; data: CryptoDepositAlert };

/**
 * Turns observations of transfers to deposit wallets into deposits: opened when first seen,
 * confirmations counted, then credited once (ledger `credit_funds`, idempotent by the transfer's
 * operation id, and the deposit row unique per transfer), held for a severe sender, or failed.
 * Anything not sent to a deposit wallet is someone else's.
 */
export class DepositObservations implements ObservationHandler {
  readonly name = 'deposits';

  constructor(
    private readonly deposits: DepositsRepository,
    private readonly ledger: DepositLedger,
    private readonly lists: RiskLists,
  ) {}

  async handle(observation: ChainObservation): Promise<void> {
    // Platform broadcasts are not deposits, except a segregated wallet's send (part S).
    if (
      observation.reference !== null &&
      !observation.reference.startsWith(WALLET_SEND_REFERENCE_PREFIX)
    )
      return;
    const wallet = await this.deposits.walletAt(observation.chain, observation.to_address);
    if (!wallet || wallet.asset !== observation.asset) return;
    await this.deposits.openDeposit(wallet, {
      tx_id: observation.tx_id,
      from_address: observation.from_address,
      amount: observation.amount,
      fee: DEPOSIT_FEE,
      confirmations: 0,
    });
    await this.deposits.transaction(async (client) => {
      const deposit = await this.deposits.lockByTransfer(
        client,
        observation.chain,
        observation.tx_id,
        wallet.address,
      );
      if (deposit) await this.apply(client, deposit, observation);
    });
  }

  private async apply(
    client: PoolClient,
    deposit: Deposit,
    observation: ChainObservation,
  ): Promise<void> {
    const { confirmations } = observation;
    const decided = transition(
      deposit,
      observation.status === 'seen'
        ? { type: 'observe', confirmations }
        : observation.status === 'failed'
          ? { type: 'fail' }
          : {
              type: 'confirm',
              confirmations,
              risk: addressRisk(this.lists, deposit.chain, deposit.from_address),
            },
    );
    await this.commit(client, deposit, decided);
  }

  /**
   * An operator's decision on a held deposit: `release` credits it (`crypto_deposit_credited`),
   * `reject` keeps it out of the balance. A repeat answers the deposit as it is.
   */
  async decideHold(deposit_id: string, decision: 'release' | 'reject'): Promise<Deposit> {
    return this.deposits.transaction(async (client) => {
      const deposit = await this.deposits.lockById(client, deposit_id);
      if (!deposit) throw new DomainError('not_found', 'deposit not found');
      const decided = transition(deposit, { type: decision });
      await this.commit(client, deposit, decided);
      return decided.deposit;
    });
  }

  /** Credits the ledger when the events say so, then stores the deposit and its events. */
  private async commit(
    client: PoolClient,
    deposit: Deposit,
    decided: { deposit: Deposit; events: DepositEvent[] },
  ): Promise<void> {
    // A repeated observation or decision changes nothing, not even `updated_at`.
    if (decided.events.length === 0) return;
    for (const event of decided.events)
      if (event.type === 'deposit_credited' || event.type === 'hold_released')
        await this.credit(deposit);
    await this.deposits.store(
      client,
      decided.deposit,
      decided.events.flatMap((event) => publicEvents(decided.deposit, event)),
    );
  }

  private async credit(deposit: Deposit): Promise<void> {
    await this.ledger.credit({
      account_id: deposit.account_id,
      operation_id: depositOperationId(deposit.chain, deposit.tx_id, deposit.to_address),
      asset: deposit.asset,
      amount: deposit.amount,
      kind: 'crypto_deposit',
      reference_id: deposit.deposit_id,
    });
  }
}

/** The domain events a deposit event publishes (spec §6 payloads, plus `deposit_id`). */
export function publicEvents(deposit: Deposit, event: DepositEvent): PublicEvent[] {
  const base = {
    deposit_id: deposit.deposit_id,
    account_id: deposit.account_id,
    chain: deposit.chain,
    asset: deposit.asset,
    tx_id: deposit.tx_id,
    amount: deposit.amount,
  };
  switch (event.type) {
    case 'deposit_credited': {
      const credited: PublicEvent = {
        type: 'crypto-wallets.deposit_credited',
        data: { ...base, fee: deposit.fee, risk: event.risk.risk },
      };
      if (!event.alert) return [credited];
      return [
        credited,
        {
          type: 'crypto-wallets.deposit_flagged',
          data: { ...base, risk: event.risk.risk, status: 'credited' },
        },
      ];
    }
    case 'deposit_held':
      return [
        {
          type: 'crypto-wallets.deposit_quarantined',
          data: { ...base, hold_id: event.hold_id, risk: event.risk.risk, status: 'held' },
        },
      ];
    case 'hold_released':
      return [
        {
          type: 'crypto-wallets.deposit_credited',
          data: { ...base, fee: deposit.fee, risk: deposit.risk?.risk ?? 'severe' },
        },
      ];
    case 'confirmations_counted':
    case 'deposit_failed':
    case 'hold_rejected':
      return [];
    default: {
      const unhandled: never = event;
      throw new Error(`unknown deposit event ${JSON.stringify(unhandled)}`);
    }
  }
}
