import { Injectable } from '@nestjs/common';
import {
  type AssetCode,
  CRYPTO_WITHDRAWAL_COMMANDS,
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  LEDGER_COMMANDS,
  orgFeeAccountId,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { WithdrawalState } from '../../domain/withdrawals/withdrawal-state';

const holdId = (withdrawal_id: string) => `crypto-withdrawal:${withdrawal_id}`;

/**
 * The commands withdrawals send to the ledger, compliance and identity. Every money movement uses
 * an operation id derived from the withdrawal, so a retried step never moves money twice.
 */
@Injectable()
export class WithdrawalServices {
  constructor(private readonly bus: BusClient) {}

  /** USD per unit of `asset` from the ledger's rate table. */
  async usdPerUnit(asset: string): Promise<string> {
    const table = await this.bus.send(LEDGER_COMMANDS.get_rates, {});
    const row = table.assets.find((candidate) => candidate.asset === asset);
    if (!row?.usd_per_unit) throw new Error(`the rate table has no USD rate for ${asset}`);
    return row.usd_per_unit;
  }

  /** Holds `amount + fee`: the fee is its own leg, credited to the organization on posting. */
  async placeHold(state: WithdrawalState): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.place_hold, {
      account_id: state.account_id,
      operation_id: `crypto-withdrawal-hold:${state.withdrawal_id}`,
      hold_id: holdId(state.withdrawal_id),
      asset: state.asset as AssetCode,
      amount: state.amount,
      fee: state.fee,
      fee_account_id: orgFeeAccountId(state.org_id),
      kind: 'crypto_withdrawal',
      reference_id: state.withdrawal_id,
    });
  }

  async postHold(state: WithdrawalState): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.post_hold, {
      account_id: state.account_id,
      operation_id: `crypto-withdrawal-post:${state.withdrawal_id}`,
      hold_id: holdId(state.withdrawal_id),
    });
  }

  async releaseHold(state: Pick<WithdrawalState, 'account_id' | 'withdrawal_id'>): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.release_hold, {
      account_id: state.account_id,
      operation_id: `crypto-withdrawal-release:${state.withdrawal_id}`,
      hold_id: holdId(state.withdrawal_id),
    });
  }

  /** Releases the hold of a create that never finished; true when no hold is left. */
  async releaseAbandonedHold(claim: {
    withdrawal_id: string;
    account_id: string;
  }): Promise<boolean> {
    try {
      await this.releaseHold(claim);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return true;
      throw error;
    }
  }

  /**
   * Opens the firewall review of a withdrawal to a severe-risk destination. A compliance outage
   * refuses the create as retryable (`firewall_unavailable`): nothing is created.
   */
  async openReview(state: WithdrawalState, reason: string): Promise<string> {
    try {
      const reply = await this.bus.send(CRYPTO_WITHDRAWAL_COMMANDS.open_review, {
        withdrawal_id: state.withdrawal_id,
        account_id: state.account_id,
        org_id: state.org_id,
        reason,
      });
      return reply.review_id;
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'internal_error') throw error;
      throw new DomainError(
        'firewall_unavailable',
        'the compliance review is unavailable; retry with the same idempotency_key',
      );
    }
  }

  /** The organization's time zone, for the date filters of listings. */
  async timezoneOf(org_id: string): Promise<string> {
    const settings = await this.bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, { org_id });
    return settings.timezone;
  }
}
