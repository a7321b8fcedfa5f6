import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  LEDGER_COMMANDS,
  PAYINS_COMMANDS,
  isAssetCode,
  type PayinCredited,
} from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { holdSettlementOf, isSandboxDisputed, sandboxOutcome } from '../domain/dispute-decide';
import type { DisputeHold, DisputeState } from '../domain/dispute-state';
import { COMPLIANCE_JOBS } from '../infrastructure/compliance-jobs';
import { DisputesRepository } from '../infrastructure/disputes.repository';
import {
  DISPUTE_DECIDE_TASK,
  DISPUTE_OPEN_TASK,
  DISPUTE_SETTLE_TASK,
  DisputeWriter,
  type DisputeRef,
} from './dispute-writer';

/** How long an account has to answer a dispute. */
const RESPONSE_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** The reason the sandbox's payer gives. */
const SANDBOX_REASON = 'fraudulent';

interface OpenPayload {
  payin_id: string;
  account_id: string;
  org_id: string;
  currency: string;
  local_amount: string;
  [key: string]: unknown;
}

/**
 * The sandbox's card network (decisions D8): a credited card payin whose amount ends `.55` is
 * disputed one `SANDBOX_STEP_MS` later, with its credit held; evidence is decided one step after
 * it arrives, and the decision releases the hold (won) or debits it (lost).
 */
@Injectable()
export class DisputeSteps {
  constructor(
    @Inject(COMPLIANCE_JOBS) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    private readonly writer: DisputeWriter,
    private readonly disputes: DisputesRepository,
    private readonly bus: BusClient,
  ) {}

  /** The tasks the compliance job queue runs for disputes. */
  tasks() {
    return {
      [DISPUTE_OPEN_TASK]: (payload: OpenPayload) => this.open(payload),
      [DISPUTE_DECIDE_TASK]: (payload: DisputeRef) => this.decide(payload),
      [DISPUTE_SETTLE_TASK]: (payload: DisputeRef) => this.settle(payload),
    };
  }

  /**
   * A payin was credited: a sandbox `.55` one is disputed one step later. A redelivered event
   * replaces the pending job (one key per payin) or finds the dispute open: nothing doubles.
   */
  async payinCredited(org_id: string | null, payin: PayinCredited): Promise<void> {
    if (this.context.environment !== 'test' || !org_id) return;
    if (!isSandboxDisputed(payin.local_amount)) return;
    if (await this.disputes.existsForPayin(payin.payin_id)) return;
    const payload: OpenPayload = {
      payin_id: payin.payin_id,
      account_id: payin.account_id,
      org_id,
      currency: payin.currency,
      local_amount: payin.local_amount,
    };
    await this.jobs.schedule(DISPUTE_OPEN_TASK, payload, {
      delay_ms: this.settings.SANDBOX_STEP_MS,
      job_key: `dispute-open-${payin.payin_id}`,
    });
  }

  private async open(payload: OpenPayload): Promise<void> {
    if (await this.disputes.existsForPayin(payload.payin_id)) return;
    const payin = await this.bus.send(PAYINS_COMMANDS.get_payin, {
      account_id: payload.account_id,
      payin_id: payload.payin_id,
    });
    if (payin.method !== 'card') return;
    const now = new Date();
    await this.writer.open({
      dispute_id: randomUUID(),
      payin_id: payload.payin_id,
      account_id: payload.account_id,
      org_id: payload.org_id,
      amount: payload.local_amount,
      currency: payload.currency,
      reason: SANDBOX_REASON,
      respond_by: new Date(now.getTime() + RESPONSE_WINDOW_MS).toISOString(),
      hold: await this.placeHold(payload, payin.credit_asset, payin.usdt_credited),
      now: now.toISOString(),
    });
  }

  /** Holds what the payin credited; null when the balance no longer covers it. */
  private async placeHold(
    payload: OpenPayload,
    asset: string | null,
    amount: string | null,
  ): Promise<DisputeHold | null> {
    if (!isAssetCode(asset) || !amount) return null;
    const hold: DisputeHold = { hold_id: `dispute:${payload.payin_id}`, asset, amount };
    try {
      await this.bus.send(LEDGER_COMMANDS.place_hold, {
        account_id: payload.account_id,
        operation_id: `dispute-hold:${payload.payin_id}`,
        hold_id: hold.hold_id,
        asset,
        amount,
        kind: 'dispute',
        reference_id: payload.payin_id,
      });
      return hold;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') return null;
      throw error;
    }
  }

  private async decide(ref: DisputeRef): Promise<void> {
    await this.writer.write(ref, (state) => ({
      type: 'resolve',
      data: { outcome: sandboxOutcome(state), now: new Date().toISOString() },
    }));
  }

  /** Releases or captures the hold of a decided dispute; the ledger replays a repeated one. */
  private async settle(ref: DisputeRef): Promise<void> {
    const state = await this.disputes.read(ref.account_id, ref.dispute_id);
    if (!state?.hold) return;
    await this.endHold(state, state.hold);
  }

  private async endHold(state: DisputeState, hold: DisputeHold): Promise<void> {
    const settlement = holdSettlementOf(state);
    if (!settlement) return;
    const command =
      settlement === 'release' ? LEDGER_COMMANDS.release_hold : LEDGER_COMMANDS.post_hold;
    await this.bus.send(command, {
      account_id: state.account_id,
      operation_id: `dispute-${settlement}:${state.dispute_id}`,
      hold_id: hold.hold_id,
    });
  }
}
