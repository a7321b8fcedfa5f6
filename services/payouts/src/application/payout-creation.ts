import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CreatePayoutCommand,
  DomainError,
  IdempotencyKey,
  type PayoutCreatedReply,
  type PayoutRequest,
  type PayoutResource,
  type PayoutSource,
  savedDestinationOf,
} from '@platform/contracts';
import { markReplayed } from '@platform/messaging';
import { Money } from '@platform/money';
import { publicPayout } from '../domain/payout-record';
import {
  draftPayout,
  requestFingerprint,
  withSavedDestination,
  type PayoutDraft,
} from '../domain/payout-request';
import { openPayout } from '../domain/payout-state';
import { pricePayout, type PayoutPrice } from '../domain/pricing';
import {
  LimitsAndDocumentsRepository,
  type OrgLimits,
} from '../infrastructure/limits-and-documents.repository';
import { OtherServices } from '../infrastructure/other-services';
import { PayoutsRepository } from '../infrastructure/payouts.repository';
import { PayoutChange, PayoutTransitions } from './payout-transitions';

/** How long a duplicate request waits for the request that holds its key. */
const DUPLICATE_WAIT_MS = 30_000;
const DUPLICATE_POLL_MS = 25;

/** A payout's claim on its key, and whether its destination was rejected in the last 24 hours. */
interface Claim {
  payout_id: string;
  destination_recently_rejected: boolean;
}

/** Who creates a payout, with the one idempotency key the request carries. */
interface Creator {
  account_id: string;
  org_id: string;
  key: string;
}

/** `POST /v1/payouts` and QR confirm: checks, idempotency, screening, the first debit. */
@Injectable()
export class PayoutCreation {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly limits: LimitsAndDocumentsRepository,
    private readonly services: OtherServices,
    private readonly transitions: PayoutTransitions,
  ) {}

  async create(
    command: CreatePayoutCommand,
    correlation_id: string | null,
  ): Promise<PayoutCreatedReply> {
    const key = IdempotencyKey.require(command.idempotency_key);
    const draft = draftPayout(await this.withContact(command));
    const fingerprint = requestFingerprint('payout', command.request);
    const creator = { account_id: command.account_id, org_id: command.org_id, key };
    return this.createOnce(creator, fingerprint, draft, (claim) =>
      this.createNew(claim, creator, draft, 'api', correlation_id),
    );
  }

  /** The request, with the saved destination of the contact it names (`no_saved_destination`). */
  private async withContact(command: CreatePayoutCommand): Promise<PayoutRequest> {
    const { contact_id } = command.request;
    if (contact_id === undefined) return command.request;
    const contact = await this.services.contact(command.account_id, contact_id);
    return withSavedDestination(command.request, savedDestinationOf(contact));
  }

  /** Creates a payout from an already checked request (QR confirm). */
  createFrom(
    creator: Creator,
    fingerprint: string,
    request: PayoutRequest,
    correlation_id: string | null,
  ): Promise<PayoutCreatedReply> {
    const draft = draftPayout(request);
    return this.createOnce(creator, fingerprint, draft, (claim) =>
      this.createNew(claim, creator, draft, 'qr', correlation_id),
    );
  }

  /**
   * Decisions D7: the first request with a key creates; the others wait for it and answer
   * with its result, or `idempotency_conflict` when they ask for something else. A create that
   * failed frees the key, so a waiting duplicate then tries itself.
   */
  private async createOnce(
    creator: Creator,
    fingerprint: string,
    draft: PayoutDraft,
    work: (claim: Claim) => Promise<PayoutResource>,
  ): Promise<PayoutCreatedReply> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const payout_id = randomUUID();
      const { claimed, destination_recently_rejected } = await this.payouts.claim({
        payout_id,
        account_id: creator.account_id,
        org_id: creator.org_id,
        idempotency_key: creator.key,
        request_fingerprint: fingerprint,
        // An acknowledged retry needs no look at the destination's recent rejections.
        ...(draft.destination_retry_ack ? {} : { destination: draft.destination }),
      });
      if (claimed) {
        try {
          return {
            payout: await work({ payout_id, destination_recently_rejected }),
            replayed: false,
          };
        } catch (error) {
          await this.payouts.abandonClaim(payout_id);
          throw error;
        }
      }
      const existing = await this.awaitCreated(creator.account_id, creator.key);
      if (!existing?.create_response) continue;
      if (existing.request_fingerprint !== fingerprint) {
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was used with a different request',
        );
      }
      markReplayed();
      return { payout: existing.create_response, replayed: true };
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
    { payout_id, destination_recently_rejected }: Claim,
    creator: Creator,
    draft: PayoutDraft,
    source: PayoutSource,
    correlation_id: string | null,
  ): Promise<PayoutResource> {
    await this.checkDocument(creator.account_id, draft.document_id);
    // A destination the rail rejected in the last 24 hours needs an acknowledged retry.
    if (destination_recently_rejected) {
      throw new DomainError(
        'destination_recently_rejected',
        'this destination was rejected in the last 24 hours; retry with a new idempotency_key and options.destination_retry_ack',
      );
    }
    const change = new PayoutChange(
      openPayout({
        payout_id,
        account_id: creator.account_id,
        org_id: creator.org_id,
        idempotency_key: creator.key,
        source,
        draft,
        price: await this.price(creator, draft),
        now: new Date().toISOString(),
      }),
    );
    await this.transitions.screen(change);
    let held = false;
    try {
      if (change.state.cleared_for_debit) {
        // insufficient_funds (402) propagates: the claim is dropped and nothing is created.
        await this.services.placeHold(change.payout);
        held = true;
        await this.transitions.apply(change, { type: 'record_debit', data: { outcome: 'held' } });
        await this.transitions.dispatch(change);
      }
      const payout = publicPayout(change.payout);
      const next_step_ms = this.transitions.nextStepMs(change.payout);
      await this.payouts.finishCreate(change.payout, payout, next_step_ms, correlation_id);
      return payout;
    } catch (error) {
      // Nothing was created, so nothing may stay held: the claim is dropped by the caller.
      if (held) await this.services.releaseHold(change.payout).catch(() => undefined);
      throw error;
    }
  }

  /** The debit in the settlement asset (the account's own unless the request names one). */
  private async price(creator: Creator, draft: PayoutDraft): Promise<PayoutPrice> {
    const settlement_asset =
      draft.settlement_asset ?? (await this.services.settlementAssetOf(creator.account_id));
    const terms = await this.limits.termsOf(creator.org_id, {
      country: draft.country,
      currency: draft.currency,
    });
    const price = pricePayout(
      draft.local_amount,
      settlement_asset,
      await this.services.rates(),
      terms.pricing,
    );
    await this.checkLimits(creator.org_id, terms.limits, price.usd_value);
    return price;
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
  private async checkLimits(
    org_id: string,
    limits: OrgLimits | null,
    usd_value: string,
  ): Promise<void> {
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
