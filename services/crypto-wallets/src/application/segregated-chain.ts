import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import Big from 'big.js';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { rawAmount } from '../domain/wallet-sends/coin-amount';
import {
  classifyMovement,
  type SeenTransfer,
  type WalletMovement,
} from '../domain/wallet-sends/external-movements';
import type {
  ChainWallet,
  MovementRow,
  SegregatedChainRepository,
} from '../infrastructure/segregated-chain.repository';
import {
  WALLET_SEND_REFERENCE_PREFIX,
  type ChainObservation,
  type ObservationHandler,
} from './chain-port';
import { AUTO_FORWARD_KEY_PREFIX, appendWalletEvent, type WalletSends } from './wallet-sends';

/** Where a confirmed deposit goes when the wallet forwards it (the account's deposit wallet). */
export interface ForwardTarget {
  depositAddress(wallet: ChainWallet): Promise<string>;
}

/** The idempotency key of a deposit's forward: one forward a deposit, however often observed. */
export const forwardKey = (movement_id: string): string =>
  `${AUTO_FORWARD_KEY_PREFIX}${movement_id}`;

/**
 * Segregated wallets on chain (decisions D9): the chain watcher hands it every observation, and
 * it keeps each wallet's movements (deposits, its sends, external movements, native coin for
 * gas), publishes their events and forwards deposits when the wallet asks for it.
 */
export class SegregatedChainObservations implements ObservationHandler {
  readonly name = 'segregated-wallets';

  constructor(
    private readonly repository: SegregatedChainRepository,
    private readonly sends: WalletSends,
    private readonly forward_to: ForwardTarget,
    private readonly events: PgEventStore,
  ) {}

  async handle(observation: ChainObservation): Promise<void> {
    if (observation.chain === 'btc') return;
    const wallets = await this.repository.walletsAt(observation.chain, [
      observation.from_address,
      observation.to_address,
    ]);
    for (const wallet of wallets) {
      const movement = classifyMovement(wallet, transferOf(observation, wallet));
      if (!movement) continue;
      const confirmed_deposit = await this.repository.transaction((client) =>
        this.apply(client, wallet, movement, observation),
      );
      if (confirmed_deposit) await this.forward(wallet, confirmed_deposit);
    }
  }

  /** Records the observation; answers a deposit it just confirmed when auto-forward is on. */
  private async apply(
    client: PoolClient,
    wallet: ChainWallet,
    movement: WalletMovement,
    observation: ChainObservation,
  ): Promise<MovementRow | null> {
    const { transfer } = movement;
    const inbound = movement.kind === 'deposit_received' || movement.kind === 'external_inflow';
    const send_id = sendIdOf(transfer.reference);
    const row = await this.repository.openMovement(client, {
      movement_id: randomUUID(),
      wallet_id: wallet.wallet_id,
      direction: inbound ? 'in' : 'out',
      kind: kindOf(movement),
      asset: transfer.asset,
      tx_id: transfer.tx_id,
      counterparty_address: inbound ? transfer.from_address : transfer.to_address,
      amount: transfer.amount,
      network_fee: inbound ? null : observation.network_fee,
      send_id: movement.kind === 'own_send' ? send_id : null,
    });
    if (movement.kind === 'own_send' && send_id)
      await this.sends.observe(client, wallet, send_id, sendCommandOf(observation));
    if (observation.status === 'seen') return null;
    if (!(await this.repository.settleMovement(client, row.movement_id, observation.status)))
      // Already final: a forward that did not get through last time is tried again (idempotent).
      return row.status === 'confirmed' && row.forward_status === 'forwarding' ? row : null;
    if (observation.status === 'failed') return null;
    await this.publishConfirmed(client, wallet, movement);
    if (movement.kind !== 'deposit_received') return null;
    if (!(await this.repository.autoForward(wallet.wallet_id, client))) return null;
    await this.repository.recordForward(
      row.movement_id,
      { status: 'forwarding', send_id: null, reason: null },
      client,
    );
    return row;
  }

  private async publishConfirmed(
    client: PoolClient,
    owner: ChainWallet,
    movement: WalletMovement,
  ): Promise<void> {
    const { wallet, transfer } = movement;
    const base = {
      wallet_id: wallet.wallet_id,
      account_id: wallet.account_id,
      chain: wallet.chain,
      asset: transfer.asset,
      tx_id: transfer.tx_id,
      amount_raw: rawAmount(transfer.asset, transfer.amount),
    };
    switch (movement.kind) {
      case 'own_send':
        return;
      case 'deposit_received':
        return appendWalletEvent(this.events, client, owner, {
          type: 'crypto-wallets.wallet_deposit_received',
          data: { ...base, from_address: transfer.from_address },
        });
      case 'external_inflow':
      case 'external_outflow': {
        const direction = movement.kind === 'external_inflow' ? 'in' : 'out';
        const data = { ...base, direction, custody: wallet.custody };
        await appendWalletEvent(this.events, client, owner, {
          type: 'crypto-wallets.wallet_external_movement_observed',
          data,
        });
        if (movement.kind === 'external_outflow' && movement.compromise_suspected)
          await appendWalletEvent(this.events, client, owner, {
            type: 'crypto-wallets.wallet_key_compromise_suspected',
            data,
          });
        return;
      }
      default: {
        const unhandled: never = movement;
        throw new Error(`unknown movement ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /**
   * Forwards a confirmed deposit to the account's deposit wallet of the same chain and asset.
   * A refusal (no gas for the fee) leaves the deposit where it is, its reason on the deposit.
   */
  private async forward(wallet: ChainWallet, deposit: MovementRow): Promise<void> {
    try {
      const to_address = await this.forward_to.depositAddress(wallet);
      const send = await this.sends.send(
        wallet,
        { to_address, amount: deposit.amount, idempotency_key: forwardKey(deposit.movement_id) },
        'platform',
      );
      await this.repository.recordForward(deposit.movement_id, {
        status: 'forwarded',
        send_id: send.send_id,
        reason: null,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.repository.recordForward(deposit.movement_id, {
        status: 'failed',
        send_id: null,
        reason: error.message,
      });
    }
  }
}

function transferOf(observation: ChainObservation, wallet: ChainWallet): SeenTransfer {
  // Addresses compare in the wallet's canonical form (an eth address may come in any case).
  const same = (address: string) => address.toLowerCase() === wallet.address.toLowerCase();
  return {
    chain: observation.chain,
    asset: observation.asset,
    tx_id: observation.tx_id,
    from_address: same(observation.from_address) ? wallet.address : observation.from_address,
    to_address: same(observation.to_address) ? wallet.address : observation.to_address,
    amount: new Big(observation.amount).toString(),
    reference: observation.reference,
  };
}

function sendIdOf(reference: string | null): string | null {
  return reference?.startsWith(WALLET_SEND_REFERENCE_PREFIX)
    ? reference.slice(WALLET_SEND_REFERENCE_PREFIX.length)
    : null;
}

function kindOf(movement: WalletMovement): MovementRow['kind'] {
  switch (movement.kind) {
    case 'deposit_received':
      return 'deposit';
    case 'own_send':
      return 'send';
    default:
      return 'external';
  }
}

function sendCommandOf(observation: ChainObservation) {
  switch (observation.status) {
    case 'seen':
      return { type: 'record_broadcast', tx_id: observation.tx_id } as const;
    case 'confirmed':
      return { type: 'record_confirmation', tx_id: observation.tx_id } as const;
    case 'failed':
      return {
        type: 'record_failure',
        tx_id: observation.tx_id,
        reason: 'the transfer failed on chain',
      } as const;
    default: {
      const unhandled: never = observation.status;
      throw new Error(`unknown observation status ${String(unhandled)}`);
    }
  }
}
