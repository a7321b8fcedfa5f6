import { DomainError, type RefundPayinCommand } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import type { StoredPayinMethod } from '../domain/corridors';
import { refundedEvent, type Payin } from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView, type PayinView } from './payin-view';
import type { LedgerPort } from './ports';

/**
 * Methods whose payer can be paid back. A QR push and a checkout link carry no payer account
 * to return funds to: they answer `refund_not_supported`.
 */
const REFUNDABLE_METHODS: readonly StoredPayinMethod[] = ['bank_transfer', 'fintoc', 'card'];

export type RefundResult = PayinView & {
  refund: { debited_asset: string; debited_amount: string };
};

/**
 * Refunds of credited payins (spec §3): the amount (whole remainder by default) is debited from
 * the balance the payin credited, in the asset it credited, and `payin_refunded` is emitted.
 */
export class RefundsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
  ) {}

  async refund(command: RefundPayinCommand): Promise<RefundResult> {
    const owned = await this.payins.findOwned(command.account_id, command.payin_id);
    if (!owned) throw new DomainError('not_found', 'payin not found');
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, owned.payin_id);
      if (!payin) throw new DomainError('not_found', 'payin not found');
      const { asset, amount } = refundable(payin, command.body.amount);
      const refunded_before = Money.parseSigned(asset, trim(payin.refunded_amount));
      // Deterministic per refund: a retry after a crash replays the same ledger debit.
      await this.ledger.debit({
        account_id: payin.account_id,
        operation_id: `payin-refund:${payin.payin_id}:${refunded_before.toString()}`,
        asset,
        amount: amount.toString(),
        kind: 'payin_refund',
        reference_id: payin.payin_id,
      });
      const updated = await this.payins.update(client, payin.payin_id, {
        refunded_amount: refunded_before.add(amount).toString(),
      });
      await this.payins.appendEvent(
        client,
        updated,
        'payins.payin_refunded',
        refundedEvent(updated, amount.toString()),
      );
      return {
        ...payinView(updated),
        refund: { debited_asset: asset, debited_amount: amount.toString() },
      };
    });
  }
}

function refundable(payin: Payin, requested: unknown): { asset: Asset; amount: Money<Asset> } {
  if (!REFUNDABLE_METHODS.includes(payin.method))
    throw new DomainError('refund_not_supported', `${payin.method} payins cannot be refunded`);
  if (payin.settlement_pending)
    throw new DomainError(
      'settlement_pending',
      'the payin is scheduled for settlement; refund it once settled',
    );
  if (payin.status !== 'credited' || !payin.credit_asset || !payin.credited_amount)
    throw new DomainError('payin_not_refundable', `a ${payin.status} payin cannot be refunded`);
  const asset = payin.credit_asset as Asset;
  const remaining = Money.parseSigned(asset, trim(payin.credited_amount)).subtract(
    Money.parseSigned(asset, trim(payin.refunded_amount)),
  );
  if (!remaining.isPositive())
    throw new DomainError('payin_not_refundable', 'the payin is already fully refunded');
  const amount = requested === undefined ? remaining : Money.parseInput(asset, requested);
  if (amount.gt(remaining))
    throw new DomainError(
      'refund_exceeds_payin',
      `at most ${remaining.toString()} ${asset} of this payin can be refunded`,
    );
  return { asset, amount };
}

/** numeric::text may carry zeros beyond the asset's precision; they are not significant. */
function trim(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') || '0' : value;
}
