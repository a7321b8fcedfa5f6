import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ChainPort } from '../chain-port';
import type { Chain, ChainAsset } from '../../domain/chains/chain';
import { decide } from '../../domain/withdrawals/withdrawal-decide';
import {
  awaitsBroadcast,
  effectOf,
  evolve,
  type WithdrawalCommand,
  type WithdrawalEffect,
  type WithdrawalState,
} from '../../domain/withdrawals/withdrawal-state';
import { SeedVault } from '../../infrastructure/keys/seed-vault';
import { WithdrawalServices } from '../../infrastructure/withdrawals/withdrawal-services';
import { WithdrawalsRepository } from '../../infrastructure/withdrawals/withdrawals.repository';
import { WITHDRAWAL_CHAIN } from './ports';

/** A pending withdrawal is broadcast by the worker when its own broadcast has not happened by then. */
export const BROADCAST_RETRY_MS = 2_000;

/**
 * Moves stored withdrawals through their decider under the row's lock: the ledger effect of each
 * decided event (post or release the hold, idempotent by operation id) is made before the event
 * counts, and the new state is stored with its status event in one transaction.
 */
@Injectable()
export class WithdrawalSteps {
  constructor(
    private readonly withdrawals: WithdrawalsRepository,
    private readonly services: WithdrawalServices,
    private readonly vault: SeedVault,
    @Inject(WITHDRAWAL_CHAIN) private readonly chain: ChainPort,
  ) {}

  /** Applies `command` to the stored withdrawal; null when there is no such withdrawal. */
  apply(
    withdrawal_id: string,
    command: WithdrawalCommand,
    correlation_id: string | null,
  ): Promise<WithdrawalState | null> {
    return this.withdrawals.withLocked(withdrawal_id, (client, state) =>
      this.applyLocked(client, state, command, correlation_id),
    );
  }

  private async applyLocked(
    client: PoolClient,
    state: WithdrawalState,
    command: WithdrawalCommand,
    correlation_id: string | null,
  ): Promise<WithdrawalState> {
    const events = decide(command, state);
    let current = state;
    for (const event of events) {
      const effect = effectOf(event);
      if (effect) await this.perform(effect, current);
      current = evolve(current, event);
    }
    if (events.length > 0) {
      const due_ms = awaitsBroadcast(current) ? BROADCAST_RETRY_MS : null;
      await this.withdrawals.save(client, current, due_ms, correlation_id);
    }
    return current;
  }

  /**
   * Hands a pending withdrawal to the chain port (idempotent by the withdrawal's id, so a crash
   * between the broadcast and its record only repeats the same broadcast).
   */
  async broadcast(
    withdrawal_id: string,
    correlation_id: string | null,
  ): Promise<WithdrawalState | null> {
    const state = await this.withdrawals.find(withdrawal_id);
    if (!state || !awaitsBroadcast(state)) return state;
    const chain = state.chain as Chain;
    const receipt = await this.chain.broadcast({
      reference: state.withdrawal_id,
      chain,
      asset: state.asset as ChainAsset,
      from_address: await this.hotWallet(chain),
      to_address: state.to_address,
      amount: state.amount,
    });
    const at = new Date().toISOString();
    return this.apply(
      withdrawal_id,
      { type: 'record_broadcast', tx_id: receipt.tx_id, at },
      correlation_id,
    );
  }

  private hotWallet(chain: Chain): Promise<string> {
    return this.withdrawals.hotWallet(chain, (client) =>
      this.vault.nextAddress(chain, 'deposit', client),
    );
  }

  private perform(effect: WithdrawalEffect, state: WithdrawalState): Promise<void> {
    switch (effect) {
      case 'post_hold':
        return this.services.postHold(state);
      case 'release_hold':
        return this.services.releaseHold(state);
      default: {
        const unknown: never = effect;
        throw new Error(`unknown withdrawal effect ${String(unknown)}`);
      }
    }
  }
}
