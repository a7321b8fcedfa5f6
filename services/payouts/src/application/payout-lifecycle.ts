import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DomainError } from '@platform/contracts';
import { flagsOf, type StatusCode } from '../domain/payout-status';
import { publicPayout, type PayoutRecord } from '../domain/payout-record';
import { OtherServices } from '../infrastructure/other-services';
import { PayoutsRepository } from '../infrastructure/payouts.repository';
import { RAIL_CONNECTORS, type RailConnectors } from '../infrastructure/rail-connectors';
import { PayoutDispatch } from './payout-dispatch';
import { PAYOUTS_SETTINGS, type PayoutsSettings } from '../payouts.settings';

/** What a step decided: the next state (null: unchanged) and when to look again. */
interface StepResult {
  record: PayoutRecord | null;
  next_step_ms: number | null;
}

/**
 * Moves payouts along the state table of spec section 3 after create: due steps (screening
 * retries, dispatch, rail answers) and operator decisions. Every change is saved with its
 * `payout_status_changed` in one transaction, on the payout's row lock.
 */
@Injectable()
export class PayoutLifecycle {
  constructor(
    @Inject(PAYOUTS_SETTINGS) private readonly settings: PayoutsSettings,
    @Inject(RAIL_CONNECTORS) private readonly connectors: RailConnectors,
    private readonly payouts: PayoutsRepository,
    private readonly services: OtherServices,
    private readonly dispatch: PayoutDispatch,
  ) {}

  /** Runs the due step of one payout; a payout locked by another worker is skipped. */
  async step(payout_id: string): Promise<void> {
    await this.payouts.withLockedPayout(
      payout_id,
      async (client, record) => {
        const result = await this.nextStep(record);
        await this.save(client, record, result);
      },
      { skip_locked: true },
    );
  }

  private async nextStep(record: PayoutRecord): Promise<StepResult> {
    const code = record.status_code as StatusCode;
    const step_ms = this.settings.SANDBOX_STEP_MS;
    switch (code) {
      case 'compliance_pending':
        return this.retryScreening(record);
      case 'compliance_dispatch_pending':
        return { record: withCode(record, 'compliance_dispatching'), next_step_ms: step_ms };
      case 'compliance_dispatching':
        return this.dispatch.handToRail(record);
      case 'core_unreachable':
        return this.debitAndQueue(record);
      case 'rail_submitted':
        return this.pollRail(record);
      case 'firewall_review':
      case 'manual_dispatch':
      case 'completed':
      case 'rail_rejected':
      case 'manual_rejected':
      case 'screening_rejected':
      case 'review_rejected':
      case 'insufficient_funds':
        return { record: null, next_step_ms: null };
      default: {
        const unknown: never = code;
        throw new Error(`unknown status code ${String(unknown)}`);
      }
    }
  }

  /** Spec §3: a pending payout whose screening was unavailable is screened again. */
  private async retryScreening(record: PayoutRecord): Promise<StepResult> {
    const screening = await this.services.screen({
      payout_id: record.payout_id,
      account_id: record.account_id,
      org_id: record.org_id,
      country: record.country,
      currency: record.currency,
      local_amount: record.local_amount,
      beneficiary_name: record.beneficiary.name ?? '',
    });
    switch (screening.decision) {
      case 'unavailable':
        return { record: null, next_step_ms: this.settings.SANDBOX_STEP_MS };
      case 'reject':
        return { record: withCode(record, 'screening_rejected'), next_step_ms: null };
      case 'hold':
        return {
          record: withCode({ ...record, review_id: screening.review_id }, 'firewall_review'),
          next_step_ms: null,
        };
      case 'process':
        return this.debitAndQueue(record);
      default: {
        const unknown: never = screening;
        throw new Error(`unknown screening decision ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** The debit after a late screening: held, then dispatched at the next steps. */
  private async debitAndQueue(record: PayoutRecord): Promise<StepResult> {
    const step_ms = this.settings.SANDBOX_STEP_MS;
    try {
      await this.services.placeHold(record);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') {
        return { record: withCode(record, 'insufficient_funds'), next_step_ms: null };
      }
      if (error instanceof DomainError && error.code !== 'internal_error') throw error;
      return { record: withCode(record, 'core_unreachable'), next_step_ms: step_ms };
    }
    return { record: withCode(record, 'compliance_dispatch_pending'), next_step_ms: step_ms };
  }

  private async pollRail(record: PayoutRecord): Promise<StepResult> {
    const outcome = await this.connectors.for(record).poll(record);
    switch (outcome.kind) {
      case 'pending':
        return { record: null, next_step_ms: this.settings.SANDBOX_STEP_MS };
      case 'confirmed':
        await this.services.postHold(record);
        return {
          record: { ...withCode(record, 'completed'), bank_reference: outcome.bank_reference },
          next_step_ms: null,
        };
      case 'rejected':
        // Spec §3: the debit is refunded before the event announces the failure.
        await this.services.releaseHold(record);
        return { record: withCode(record, 'rail_rejected'), next_step_ms: null };
      default: {
        const unknown: never = outcome;
        throw new Error(`unknown rail outcome ${JSON.stringify(unknown)}`);
      }
    }
  }

  private async save(client: PoolClient, before: PayoutRecord, result: StepResult) {
    if (result.record === null) {
      await client.query(
        `update payouts set next_step_at = case when $2::bigint is null then null
           else now() + make_interval(secs => $2::bigint / 1000.0) end where payout_id = $1`,
        [before.payout_id, result.next_step_ms],
      );
      return;
    }
    if (result.record.status_code === 'rail_rejected') {
      await this.payouts.recordRejection(client, result.record);
    }
    await this.payouts.saveState(client, result.record, result.next_step_ms, null);
  }

  /** An operator sent a manual payout: the hold is posted and the payout completes. */
  confirmManual(payout_id: string): Promise<Record<string, unknown>> {
    return this.decide(payout_id, 'manual_dispatch', async (record) => {
      await this.services.postHold(record);
      return { record: withCode(record, 'completed'), next_step_ms: null };
    });
  }

  /** An operator could not send a manual payout: the hold is released and the payout fails. */
  rejectManual(payout_id: string): Promise<Record<string, unknown>> {
    return this.decide(payout_id, 'manual_dispatch', async (record) => {
      await this.services.releaseHold(record);
      return { record: withCode(record, 'manual_rejected'), next_step_ms: null };
    });
  }

  /** Firewall review released: the payout is debited and dispatched like a screened one. */
  releaseReview(payout_id: string): Promise<Record<string, unknown>> {
    return this.decide(payout_id, 'firewall_review', async (record) => {
      if (record.review_id) await this.services.decideReview(record.review_id, 'released');
      try {
        await this.services.placeHold(record);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'insufficient_funds') {
          return { record: withCode(record, 'insufficient_funds'), next_step_ms: null };
        }
        throw error;
      }
      return this.dispatch.handToRail(record);
    });
  }

  /** Firewall review rejected: nothing was debited, the payout fails before any debit. */
  rejectReview(payout_id: string): Promise<Record<string, unknown>> {
    return this.decide(payout_id, 'firewall_review', async (record) => {
      if (record.review_id) await this.services.decideReview(record.review_id, 'rejected');
      return { record: withCode(record, 'review_rejected'), next_step_ms: null };
    });
  }

  private async decide(
    payout_id: string,
    expected: StatusCode,
    work: (record: PayoutRecord) => Promise<StepResult>,
  ): Promise<Record<string, unknown>> {
    const outcome = await this.payouts.withLockedPayout(
      payout_id,
      async (client, record) => {
        if (record.status_code !== expected) {
          throw new DomainError(
            'already_decided',
            `the payout is ${record.status} (${record.status_code}), not awaiting this decision`,
          );
        }
        const result = await work(record);
        await this.save(client, record, result);
        return publicPayout(result.record ?? record);
      },
      { skip_locked: false },
    );
    if (!outcome) throw new DomainError('not_found', 'payout not found');
    return outcome;
  }
}

function withCode(record: PayoutRecord, status_code: StatusCode): PayoutRecord {
  return { ...record, ...flagsOf(status_code) };
}
