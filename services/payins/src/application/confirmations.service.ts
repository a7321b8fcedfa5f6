import type { PoolClient } from 'pg';
import {
  DomainError,
  type ConfirmedPayin,
  type ConfirmPayinCommand,
  type OperatorConfirmPayinCommand,
  type PayinView,
} from '@platform/contracts';
import {
  assertManuallyConfirmed,
  checkDecision,
  checkReceipt,
  CONFIRMATION_CANCELLED,
  confirmationView,
  readReceipt,
  type ConfirmationDecision,
  type PayinConfirmation,
} from '../domain/manual-confirmation';
import { SANDBOX_COLLECTION_FAILURE, type Payin } from '../domain/payin';
import type { ConfirmationsRepository } from '../infrastructure/confirmations.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import type { CollectionWorker } from './collection-worker';
import { payinView } from './payin-view';
import type { IdentityPort } from './ports';

/**
 * The two-person confirmation of manually confirmed payins (spec §4): receipt by one operator,
 * approval or cancellation by another. Each step locks the payin and its confirmation and
 * commits the decision, the ledger credit and the event together.
 */
export class ConfirmationsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly confirmations: ConfirmationsRepository,
    private readonly worker: CollectionWorker,
    private readonly identity: IdentityPort,
  ) {}

  async received(command: ConfirmPayinCommand): Promise<ConfirmedPayin> {
    const operator = await this.operatorOf(command);
    return this.withLocked(command, async (client, payin, existing) => {
      const receipt = readReceipt(command.body ?? {}, payin);
      if (checkReceipt(payin, receipt, existing) === 'replay' && existing)
        return answer(payin, existing);
      const recorded = await this.confirmations.insertReceipt(client, {
        payin_id: payin.payin_id,
        account_id: payin.account_id,
        received_by: operator,
        received_amount: receipt.amount.toString(),
        bank_reference: receipt.bank_reference,
      });
      return answer(payin, recorded);
    });
  }

  approve(command: ConfirmPayinCommand): Promise<ConfirmedPayin> {
    return this.decide(command, 'approved');
  }

  cancel(command: ConfirmPayinCommand): Promise<ConfirmedPayin> {
    return this.decide(command, 'cancelled');
  }

  private async decide(
    command: ConfirmPayinCommand,
    decision: ConfirmationDecision,
  ): Promise<ConfirmedPayin> {
    const operator = await this.operatorOf(command);
    return this.withLocked(command, async (client, payin, existing) => {
      if (checkDecision(payin, existing, operator, decision) === 'replay' && existing)
        return answer(payin, existing);
      const updated =
        decision === 'approved'
          ? await this.worker.receiveConfirmed(client, payin)
          : await this.worker.failConfirmed(client, payin, CONFIRMATION_CANCELLED);
      const decided = await this.confirmations.decide(client, payin.payin_id, decision, operator);
      return answer(updated, decided);
    });
  }

  /**
   * The platform operator's report on a collection the live rail does not report by itself
   * (the manual connector): paid (credited) or failed. Payins of a corridor the account's own
   * operators confirm are not the platform operator's to confirm.
   */
  async operatorConfirm(command: OperatorConfirmPayinCommand): Promise<PayinView> {
    const outcome = command.body.outcome ?? 'paid';
    if (outcome !== 'paid' && outcome !== 'failed')
      throw new DomainError('invalid_request', 'outcome must be paid or failed');
    const found = await this.payins.findById(command.payin_id);
    if (!found) throw new DomainError('not_found', 'payin not found');
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, found.payin_id);
      if (!payin) throw new DomainError('not_found', 'payin not found');
      if (payin.outcome !== 'manual' || payin.method === 'checkout')
        throw new DomainError('method_unavailable', 'this payin is reported by its rail');
      if (payin.kind === 'payin' && payin.method === 'bank_transfer' && isAccountConfirmed(payin))
        throw new DomainError(
          'method_unavailable',
          "this payin is confirmed by the account's operators",
        );
      // A payin no longer pending refuses the report (`confirm_request_conflict`, the domain's).
      return payinView(
        outcome === 'paid'
          ? await this.worker.receiveConfirmed(client, payin)
          : await this.worker.failConfirmed(client, payin, SANDBOX_COLLECTION_FAILURE),
      );
    });
  }

  /** The member acting: the session's member, or the owner for an API key. */
  private async operatorOf(command: ConfirmPayinCommand): Promise<string> {
    const member_id = command.member_id ?? (await this.identity.ownerMemberId(command.account_id));
    if (!member_id) throw new DomainError('forbidden', 'the account has no active owner');
    return member_id;
  }

  private async withLocked<T>(
    command: ConfirmPayinCommand,
    work: (client: PoolClient, payin: Payin, existing: PayinConfirmation | null) => Promise<T>,
  ): Promise<T> {
    const owned = await this.payins.findOwned(command.account_id, command.payin_id);
    if (!owned) throw new DomainError('not_found', 'payin not found');
    assertManuallyConfirmed(owned);
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, owned.payin_id);
      if (!payin) throw new DomainError('not_found', 'payin not found');
      return work(client, payin, await this.confirmations.lock(client, payin.payin_id));
    });
  }
}

function isAccountConfirmed(payin: Payin): boolean {
  try {
    assertManuallyConfirmed(payin);
    return true;
  } catch {
    return false;
  }
}

function answer(payin: Payin, confirmation: PayinConfirmation): ConfirmedPayin {
  return { ...payinView(payin), confirmation: confirmationView(confirmation) };
}
