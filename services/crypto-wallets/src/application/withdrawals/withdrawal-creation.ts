import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CreateCryptoWithdrawalCommand,
  type CryptoWithdrawalResource,
  DomainError,
  IdempotencyKey,
  type TravelRuleStatus,
} from '@platform/contracts';
import { Money } from '@platform/money';
import { CRYPTO_WALLETS_SETTINGS, type CryptoWalletsSettings } from '../../crypto-wallets.settings';
import type { Network } from '../../domain/chains/chain';
import { requireApproved, travelRuleDemand } from '../../domain/withdrawals/travel-rule';
import {
  draftFingerprint,
  draftWithdrawal,
  type WithdrawalDraft,
} from '../../domain/withdrawals/withdrawal-request';
import { evolve, type WithdrawalState } from '../../domain/withdrawals/withdrawal-state';
import { publicWithdrawal } from '../../domain/withdrawals/withdrawal-view';
import { WithdrawalServices } from '../../infrastructure/withdrawals/withdrawal-services';
import { WithdrawalsRepository } from '../../infrastructure/withdrawals/withdrawals.repository';
import {
  DESTINATION_SCREENING,
  type DestinationScreening,
  LINKED_WALLETS,
  type LinkedWallets,
  TRAVEL_RULE_COUNTERPARTY,
  type TravelRuleCounterparty,
  WITHDRAWAL_NETWORK,
} from './ports';
import { BROADCAST_RETRY_MS, WithdrawalSteps } from './withdrawal-steps';
import { markReplayed } from '@platform/messaging';

/** How long a duplicate request waits for the request that holds its key. */
const DUPLICATE_WAIT_MS = 30_000;
const DUPLICATE_POLL_MS = 25;

interface Creator {
  account_id: string;
  org_id: string;
  key: string;
}

/**
 * `POST /v1/crypto/withdrawals`: the request's checks, the Travel Rule, the hold of amount + fee,
 * the firewall, then the broadcast. Every refusal happens before anything is stored or held; once
 * the withdrawal is stored, a failed broadcast is retried by the worker.
 */
@Injectable()
export class WithdrawalCreation {
  private readonly logger = new Logger('crypto-withdrawals');

  constructor(
    @Inject(WITHDRAWAL_NETWORK) private readonly network: Network,
    @Inject(CRYPTO_WALLETS_SETTINGS) private readonly settings: CryptoWalletsSettings,
    @Inject(LINKED_WALLETS) private readonly links: LinkedWallets,
    @Inject(TRAVEL_RULE_COUNTERPARTY) private readonly counterparty: TravelRuleCounterparty,
    @Inject(DESTINATION_SCREENING) private readonly screening: DestinationScreening,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly services: WithdrawalServices,
    private readonly steps: WithdrawalSteps,
  ) {}

  async create(
    command: CreateCryptoWithdrawalCommand,
    correlation_id: string | null,
  ): Promise<CryptoWithdrawalResource> {
    const key = IdempotencyKey.require(command.idempotency_key);
    const draft = draftWithdrawal(command.request, this.network);
    const creator = { account_id: command.account_id, org_id: command.org_id, key };
    const state = await this.createOnce(creator, draftFingerprint(draft), (withdrawal_id) =>
      this.createNew(withdrawal_id, creator, draft, correlation_id),
    );
    return publicWithdrawal(state);
  }

  /**
   * Decisions D7: the first request with a key creates; the others wait for it and answer with
   * its withdrawal, or `idempotency_conflict` when they ask for another one. A create that was
   * refused frees the key, so a waiting duplicate then tries itself.
   */
  private async createOnce(
    creator: Creator,
    fingerprint: string,
    work: (withdrawal_id: string) => Promise<WithdrawalState>,
  ): Promise<WithdrawalState> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const withdrawal_id = randomUUID();
      const claimed = await this.withdrawals.claim({
        withdrawal_id,
        account_id: creator.account_id,
        org_id: creator.org_id,
        idempotency_key: creator.key,
        request_fingerprint: fingerprint,
      });
      if (claimed) {
        try {
          return await work(withdrawal_id);
        } catch (error) {
          await this.withdrawals.abandonClaim(withdrawal_id);
          throw error;
        }
      }
      const existing = await this.awaitCreated(creator.account_id, creator.key);
      if (!existing?.state) continue;
      if (existing.request_fingerprint !== fingerprint) {
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was used with a different request',
        );
      }
      markReplayed();
      return existing.state;
    }
    throw new DomainError(
      'recovery_pending',
      'the request could not be completed; retry with the same idempotency_key',
    );
  }

  private async awaitCreated(account_id: string, key: string) {
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    while (Date.now() < deadline) {
      const claim = await this.withdrawals.findClaim(account_id, key);
      if (!claim || claim.creation === 'created') return claim;
      await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
    }
    throw new DomainError(
      'recovery_pending',
      'a request with this idempotency_key is still in progress; retry',
    );
  }

  private async createNew(
    withdrawal_id: string,
    creator: Creator,
    draft: WithdrawalDraft,
    correlation_id: string | null,
  ): Promise<WithdrawalState> {
    const usd_value = await this.usdValue(draft);
    const travel_rule_status = await this.travelRule(creator, draft, usd_value);
    const now = new Date().toISOString();
    const opened: Omit<WithdrawalState, 'status' | 'updated_at'> = {
      withdrawal_id,
      account_id: creator.account_id,
      org_id: creator.org_id,
      chain: draft.chain,
      asset: draft.asset,
      amount: draft.amount.toString(),
      fee: draft.fee.toString(),
      to_address: draft.to_address,
      idempotency_key: creator.key,
      travel_rule_status,
      tx_id: null,
      review_id: null,
      failure_reason: null,
      created_at: now,
    };
    const risk = await this.screening.riskOf(draft.chain, draft.to_address);
    // insufficient_funds (402) propagates: the claim is dropped and nothing is created.
    await this.services.placeHold(evolve(null, { type: 'opened', state: opened, at: now }));
    let state: WithdrawalState;
    try {
      const review_id =
        risk === 'severe'
          ? await this.services.openReview(
              { ...opened, status: 'in_review', updated_at: now },
              'destination address risk: severe',
            )
          : null;
      state = evolve(null, { type: 'opened', state: { ...opened, review_id }, at: now });
      await this.withdrawals.finishCreate(
        state,
        review_id === null ? BROADCAST_RETRY_MS : null,
        correlation_id,
      );
    } catch (error) {
      // Nothing was created, so nothing may stay held: the claim is dropped by the caller.
      await this.services.releaseHold(opened).catch(() => undefined);
      throw error;
    }
    if (state.status !== 'pending') return state;
    try {
      return (await this.steps.broadcast(withdrawal_id, correlation_id)) ?? state;
    } catch (error) {
      // Stored and held: the worker broadcasts it shortly (BROADCAST_RETRY_MS).
      this.logger.warn(`withdrawal ${withdrawal_id} broadcast deferred: ${String(error)}`);
      return state;
    }
  }

  /** The withdrawal's value in USD at the ledger's rate table; above the ceiling it is refused. */
  private async usdValue(draft: WithdrawalDraft): Promise<Money> {
    const usd_per_unit = await this.services.usdPerUnit(draft.asset);
    const usd = draft.amount.convert('USD', usd_per_unit, 'down');
    if (usd.gt(Money.parse('USD', this.settings.CRYPTO_WITHDRAWAL_MAX_USD))) {
      throw new DomainError(
        'amount_above_maximum',
        `the withdrawal is above the maximum of ${this.settings.CRYPTO_WITHDRAWAL_MAX_USD} USD`,
      );
    }
    return usd;
  }

  private async travelRule(
    { account_id, key }: Creator,
    draft: WithdrawalDraft,
    usd_value: Money,
  ): Promise<TravelRuleStatus> {
    const demand = travelRuleDemand({
      usd_value: usd_value.toString(),
      threshold_usd: this.settings.TRAVEL_RULE_THRESHOLD_USD,
      wallet_type: draft.wallet_type,
      travel_address: draft.travel_address,
      beneficiary_name: draft.beneficiary_name,
    });
    switch (demand.kind) {
      case 'not_required':
        return 'not_required';
      case 'self_hosted':
        if (!(await this.links.isLinked(account_id, draft.chain, draft.to_address))) {
          throw new DomainError(
            'travel_rule_address_mismatch',
            'to_address is not a wallet linked to this account; link it first',
          );
        }
        return 'self_hosted_attested';
      case 'hosted':
        requireApproved(
          await this.counterparty.submit({
            account_id,
            idempotency_key: key,
            chain: draft.chain,
            asset: draft.asset,
            amount: draft.amount.toString(),
            to_address: draft.to_address,
            travel_address: demand.travel_address,
            beneficiary_name: demand.beneficiary_name,
          }),
        );
        return 'approved';
      default: {
        const unknown: never = demand;
        throw new Error(`unknown travel rule demand ${JSON.stringify(unknown)}`);
      }
    }
  }
}
