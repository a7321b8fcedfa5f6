import { Injectable } from '@nestjs/common';
import {
  COMPLIANCE_COMMANDS,
  CONTACTS_COMMANDS,
  type ContactResource,
  DomainError,
  IDENTITY_COMMANDS,
  LEDGER_COMMANDS,
  orgFeeAccountId,
  payoutDescription,
  type Organization,
  type ReviewReply,
  type ScreenPayoutCommand,
  type ScreenPayoutReply,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { isAsset, Money } from '@platform/money';
import type { RateTableView } from '../domain/pricing';
import type { PayoutRecord } from '../domain/payout-record';

/** The outcome of screening: a decision, or the screening service could not answer. */
export type Screening = ScreenPayoutReply | { decision: 'unavailable'; review_id: null };

const holdId = (payout_id: string) => `payout:${payout_id}`;

/** A create waits this long for the account's settlement asset before answering recovery_pending. */
const SETTLEMENT_LOOKUP_TIMEOUT_MS = 5_000;

/** The hold's amount without the fee, and the fee leg when there is one. */
function holdAmounts(payout: PayoutRecord) {
  const asset = payout.settlement_asset;
  if (!isAsset(asset)) throw new Error(`payout ${payout.payout_id} has no ledger asset`);
  const total = Money.parse(asset, payout.total_debit);
  const fee = Money.parseSigned(asset, payout.fee);
  if (fee.isZero()) return { amount: total.toString() };
  return {
    amount: total.subtract(fee).toString(),
    fee: fee.toString(),
    fee_account_id: orgFeeAccountId(payout.org_id),
  };
}

/**
 * The commands payouts sends to the ledger, compliance and identity. Every money movement uses
 * an operation id derived from the payout, so a retried step never moves money twice.
 */
@Injectable()
export class OtherServices {
  private organizations: Map<string, Organization> | null = null;
  private rate_table: RateTableView | null = null;

  constructor(private readonly bus: BusClient) {}

  /** A contact of the account's address book (another account's is `not_found`). */
  contact(account_id: string, contact_id: string): Promise<ContactResource> {
    return this.bus.send(CONTACTS_COMMANDS.get_contact, { account_id, contact_id });
  }

  /** The rate table is the ledger's configuration, fixed while it runs: read once per process. */
  async rates(): Promise<RateTableView> {
    this.rate_table ??= await this.bus.send(LEDGER_COMMANDS.get_rates, {});
    return this.rate_table;
  }

  /**
   * The account's settlement asset. A lookup that fails is never settled in a default asset: the
   * create fails with `recovery_pending` (spec §7: retry with the same key; nothing is created).
   */
  async settlementAssetOf(account_id: string): Promise<string> {
    try {
      const reply = await this.bus.send(
        LEDGER_COMMANDS.get_settlement,
        { account_id },
        { timeout_ms: SETTLEMENT_LOOKUP_TIMEOUT_MS },
      );
      return reply.settlement_asset;
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'internal_error') throw error;
      throw new DomainError(
        'recovery_pending',
        "the account's settlement asset could not be read; retry with the same idempotency_key",
      );
    }
  }

  /**
   * Holds `total_debit`: the payout's debit, and its fee as its own leg, which the ledger credits
   * to the organization's fee account when the hold is posted and returns when it is released.
   * `debited_at` dates the hold in the past (a test account's demo payouts only).
   */
  async placeHold(payout: PayoutRecord, debited_at?: Date): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.place_hold, {
      account_id: payout.account_id,
      operation_id: `payout-hold:${payout.payout_id}`,
      hold_id: holdId(payout.payout_id),
      asset: payout.settlement_asset,
      ...holdAmounts(payout),
      kind: 'payout',
      reference_id: payout.payout_id,
      description: payoutDescription(payout.beneficiary.name, payout.method),
      ...(debited_at ? { effective_at: debited_at.toISOString() } : {}),
    });
  }

  async postHold(payout: PayoutRecord): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.post_hold, {
      account_id: payout.account_id,
      operation_id: `payout-post:${payout.payout_id}`,
      hold_id: holdId(payout.payout_id),
    });
  }

  /**
   * Releases the hold of a create that never finished; true when no hold is left (released now,
   * or never placed because the process died before).
   */
  async releaseAbandonedHold(claim: { payout_id: string; account_id: string }): Promise<boolean> {
    try {
      await this.bus.send(LEDGER_COMMANDS.release_hold, {
        account_id: claim.account_id,
        operation_id: `payout-release:${claim.payout_id}`,
        hold_id: holdId(claim.payout_id),
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return true;
      throw error;
    }
  }

  async releaseHold(payout: PayoutRecord): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.release_hold, {
      account_id: payout.account_id,
      operation_id: `payout-release:${payout.payout_id}`,
      hold_id: holdId(payout.payout_id),
    });
  }

  async screen(command: ScreenPayoutCommand): Promise<Screening> {
    try {
      return await this.bus.send(COMPLIANCE_COMMANDS.screen_payout, command);
    } catch (error) {
      // An outage of screening is not the client's failure: the payout waits for it (spec §3).
      if (
        error instanceof DomainError &&
        error.code !== 'compliance_check_unavailable' &&
        error.code !== 'internal_error'
      ) {
        throw error;
      }
      return { decision: 'unavailable', review_id: null };
    }
  }

  decideReview(review_id: string, decision: 'released' | 'rejected'): Promise<ReviewReply> {
    return this.bus.send(COMPLIANCE_COMMANDS.decide_review, { review_id, decision });
  }

  /** The organization's name, timezone and locale (cached: they rarely change). */
  async organization(org_id: string): Promise<Organization | null> {
    if (!this.organizations?.has(org_id)) {
      const reply = await this.bus.send(IDENTITY_COMMANDS.list_organizations, {});
      this.organizations = new Map(reply.organizations.map((org) => [org.org_id, org]));
    }
    return this.organizations.get(org_id) ?? null;
  }
}
