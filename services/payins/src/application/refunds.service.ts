import { DomainError, type RefundedPayin, type RefundPayinCommand } from '@platform/contracts';
import { storedMoney } from '../domain/stored-amounts';
import { transition } from '../domain/payin-state';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView } from './payin-view';
import type { LedgerPort } from './ports';

/**
 * Refunds of credited payins (spec §3): the domain decides the amount (whole remainder by
 * default); it is debited from the balance the payin credited, in the asset it credited, and
 * `payin_refunded` is emitted.
 */
export class RefundsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
  ) {}

  async refund(command: RefundPayinCommand): Promise<RefundedPayin> {
    const owned = await this.payins.findOwned(command.account_id, command.payin_id);
    if (!owned) throw new DomainError('not_found', 'payin not found');
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, owned.payin_id);
      if (!payin) throw new DomainError('not_found', 'payin not found');
      const decided = transition(payin, {
        type: 'refund',
        requested_amount: command.body.amount,
      });
      const [refunded] = decided.events;
      if (refunded?.type !== 'refunded') throw new Error('a refund decides one refund');
      const { amount } = refunded.data;
      const refunded_before = storedMoney(amount.asset, payin.refunded_amount);
      // Deterministic per refund: a retry after a crash replays the same ledger debit.
      await this.ledger.debit({
        account_id: payin.account_id,
        operation_id: `payin-refund:${payin.payin_id}:${refunded_before.toString()}`,
        asset: amount.asset,
        amount: amount.toString(),
        kind: 'payin_refund',
        reference_id: payin.payin_id,
      });
      const updated = await this.payins.store(client, decided);
      return {
        ...payinView(updated),
        refund: { debited_asset: amount.asset, debited_amount: amount.toString() },
      };
    });
  }
}
