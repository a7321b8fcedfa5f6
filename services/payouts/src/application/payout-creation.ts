import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type CreatePayoutBody,
  type CreatePayoutCommand,
  DomainError,
  IdempotencyKey,
} from '@platform/contracts';
import { Money } from '@platform/money';
import { flagsOf, type StatusCode } from '../domain/payout-status';
import { publicPayout, type PayoutRecord } from '../domain/payout-record';
import { draftPayout, requestFingerprint, type PayoutDraft } from '../domain/payout-request';
import { pricePayout, type PayoutPrice } from '../domain/pricing';
import { LimitsAndDocumentsRepository } from '../infrastructure/limits-and-documents.repository';
import { OtherServices } from '../infrastructure/other-services';
import { PayoutsRepository } from '../infrastructure/payouts.repository';
import { PayoutDispatch } from './payout-dispatch';
import { PAYOUTS_SETTINGS, type PayoutsSettings } from '../payouts.settings';

export interface CreateReply {
  status: number;
  body: Record<string, unknown>;
}

/** How long a duplicate request waits for the request that holds its key. */
const DUPLICATE_WAIT_MS = 30_000;
const DUPLICATE_POLL_MS = 25;

/** `POST /v1/payouts` and QR confirm: checks, idempotency, screening, the first debit. */
@Injectable()
export class PayoutCreation {
  constructor(
    @Inject(PAYOUTS_SETTINGS) private readonly settings: PayoutsSettings,
    private readonly payouts: PayoutsRepository,
    private readonly limits: LimitsAndDocumentsRepository,
    private readonly services: OtherServices,
    private readonly dispatch: PayoutDispatch,
  ) {}

  create(command: CreatePayoutCommand, correlation_id: string | null): Promise<CreateReply> {
    const key = IdempotencyKey.require(command.idempotency_key ?? command.request.idempotency_key);
    const draft = draftPayout(command.request);
    const fingerprint = requestFingerprint('payout', command.request);
    return this.createOnce(
      { account_id: command.account_id, org_id: command.org_id, key, fingerprint },
      (payout_id) => this.createNew(payout_id, command, draft, key, 'api', correlation_id),
    );
  }

  /** Creates a payout from an already checked request (QR confirm). */
  createFrom(
    actor: { account_id: string; org_id: string },
    key: string,
    fingerprint: string,
    request: CreatePayoutBody,
    correlation_id: string | null,
  ): Promise<CreateReply> {
    const draft = draftPayout(request);
    const command = { ...actor, idempotency_key: key, request };
    return this.createOnce({ ...actor, key, fingerprint }, (payout_id) =>
      this.createNew(payout_id, command, draft, key, 'qr', correlation_id),
    );
  }

  /**
   * Decisions D7: the first request with a key creates; the others wait for it and answer
   * with its result, or `idempotency_conflict` when they ask for something else. A create that
   * failed frees the key, so a waiting duplicate then tries itself.
   */
  private async createOnce(
    claim: { account_id: string; org_id: string; key: string; fingerprint: string },
    work: (payout_id: string) => Promise<CreateReply>,
  ): Promise<CreateReply> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const payout_id = randomUUID();
      const claimed = await this.payouts.claim({
        payout_id,
        account_id: claim.account_id,
        org_id: claim.org_id,
        idempotency_key: claim.key,
        request_fingerprint: claim.fingerprint,
      });
      if (claimed) {
        try {
          return await work(payout_id);
        } catch (error) {
          await this.payouts.abandonClaim(payout_id);
          throw error;
        }
      }
      const existing = await this.awaitCreated(claim.account_id, claim.key);
      if (!existing) continue;
      if (existing.request_fingerprint !== claim.fingerprint) {
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was used with a different request',
        );
      }
      return { status: existing.create_status ?? 202, body: existing.create_response ?? {} };
    }
    throw new DomainError(
      'recovery_pending',
      'the request could not be completed; retry with the same idempotency_key',
    );
  }

  private async awaitCreated(account_id: string, key: string) {
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    while (Date.now() < deadline) {
      const claim = await this.payouts.findClaim(account_id, key);
      if (!claim || claim.creation === 'created') return claim;
      await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
    }
    throw new DomainError(
      'recovery_pending',
      'a request with this idempotency_key is still in progress; retry',
    );
  }

  private async createNew(
    payout_id: string,
    command: CreatePayoutCommand,
    draft: PayoutDraft,
    key: string,
    source: string,
    correlation_id: string | null,
  ): Promise<CreateReply> {
    await this.checkDocument(command.account_id, draft.document_id);
    if (!draft.destination_retry_ack) {
      if (await this.payouts.recentlyRejected(command.account_id, draft.destination)) {
        throw new DomainError(
          'destination_recently_rejected',
          'this destination was rejected in the last 24 hours; retry with a new idempotency_key and options.destination_retry_ack',
        );
      }
    }
    const settlement_asset =
      draft.settlement_asset ?? (await this.services.settlementAssetOf(command.account_id));
    const pricing = await this.limits.pricingOf(command.org_id, {
      country: draft.country,
      currency: draft.currency,
    });
    const rates = await this.services.rates();
    const price = pricePayout(draft.local_amount, settlement_asset, rates, pricing);
    await this.checkLimits(command.org_id, price.usd_value);
    const record = newRecord(payout_id, command, draft, price, key, source);
    const screening = await this.services.screen({
      payout_id,
      account_id: record.account_id,
      org_id: record.org_id,
      country: record.country,
      currency: record.currency,
      local_amount: record.local_amount,
      beneficiary_name: record.beneficiary.name ?? '',
    });
    let next_step_ms: number | null = null;
    let state: PayoutRecord;
    let held = false;
    try {
      switch (screening.decision) {
        case 'process': {
          // insufficient_funds (402) propagates: the claim is dropped and nothing is created.
          await this.services.placeHold(record);
          held = true;
          const dispatched = await this.dispatch.handToRail(record);
          state = dispatched.record;
          next_step_ms = dispatched.next_step_ms;
          break;
        }
        case 'hold':
          state = withCode({ ...record, review_id: screening.review_id }, 'firewall_review');
          break;
        case 'reject':
          state = withCode(record, 'screening_rejected');
          break;
        case 'unavailable':
          state = withCode(record, 'compliance_pending');
          next_step_ms = this.settings.SANDBOX_STEP_MS;
          break;
        default: {
          const unknown: never = screening;
          throw new Error(`unknown screening decision ${JSON.stringify(unknown)}`);
        }
      }
      const reply = { status: 202, body: publicPayout(state) };
      await this.payouts.finishCreate(state, reply, next_step_ms, correlation_id);
      return reply;
    } catch (error) {
      // Nothing was created, so nothing may stay held: the claim is dropped by the caller.
      if (held) await this.services.releaseHold(record).catch(() => undefined);
      throw error;
    }
  }

  private async checkDocument(account_id: string, document_id: string | null): Promise<void> {
    if (document_id === null) return;
    if (!(await this.limits.documentExists(account_id, document_id))) {
      throw new DomainError(
        'invalid_request',
        'document_id does not name a document uploaded by this account',
      );
    }
  }

  /** Decisions D7: per-organization limits in USD; an organization without a row has none. */
  private async checkLimits(org_id: string, usd_value: string): Promise<void> {
    const limits = await this.limits.limitsOf(org_id);
    if (!limits) return;
    // Stored and configured USD amounts, all at most cents (the limits' schema says so).
    const usd = (text: string) => Money.parseSigned('USD', text);
    const value = usd(usd_value);
    if (limits.min_amount_usd !== null && value.lt(usd(limits.min_amount_usd))) {
      throw new DomainError(
        'amount_below_minimum',
        `the payout is below the minimum of ${limits.min_amount_usd} USD`,
      );
    }
    if (limits.max_amount_usd !== null && value.gt(usd(limits.max_amount_usd))) {
      throw new DomainError(
        'amount_above_maximum',
        `the payout is above the maximum of ${limits.max_amount_usd} USD`,
      );
    }
    if (limits.daily_amount_usd !== null) {
      const paid = usd(await this.limits.usdPaidOutLastDay(org_id));
      if (paid.add(value).gt(usd(limits.daily_amount_usd))) {
        throw new DomainError(
          'velocity_limit_exceeded',
          'the payout exceeds the organization limit for the last 24 hours',
        );
      }
    }
  }
}

export function withCode(record: PayoutRecord, status_code: StatusCode): PayoutRecord {
  return { ...record, ...flagsOf(status_code) };
}

function newRecord(
  payout_id: string,
  command: CreatePayoutCommand,
  draft: PayoutDraft,
  price: PayoutPrice,
  key: string,
  source: string,
): PayoutRecord {
  const now = new Date().toISOString();
  return {
    ...flagsOf('compliance_pending'),
    payout_id,
    account_id: command.account_id,
    org_id: command.org_id,
    idempotency_key: key,
    country: draft.country,
    currency: draft.currency,
    method: draft.method,
    local_amount: draft.local_amount.toString(),
    beneficiary: draft.beneficiary,
    destination: draft.destination,
    purpose: draft.purpose,
    purpose_detail: draft.purpose_detail,
    document_id: draft.document_id,
    dispatch: draft.dispatch,
    source,
    settlement_asset: price.settlement_asset,
    total_debit: price.total_debit.toString(),
    fee: price.fee.toString(),
    usdt_amount: price.usdt_amount,
    usd_value: price.usd_value,
    rate: price.rate,
    rate_source: price.rate_source,
    review_id: null,
    bank_reference: '',
    uetr: null,
    imad: null,
    created_at: now,
    updated_at: now,
  };
}
