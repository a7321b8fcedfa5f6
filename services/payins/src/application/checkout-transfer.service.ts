import { randomUUID } from 'node:crypto';
import { DomainError, type PayCheckoutByTransferCommand } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { creditedEvent, type Payin } from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { requireOpen } from './checkout.service';
import { payinView, type PayinView } from './payin-view';
import { EMPTY_LIFECYCLE } from './payins.service';
import type { LedgerPort } from './ports';

/**
 * Paying a checkout link by internal transfer (spec §4 `checkout_token` on `POST
 * /v1/transfers`): the payer's balance of the link's settlement asset goes to the link owner in
 * one ledger transfer, and the link is paid, all under the link's row lock so the first payment
 * wins. The transfer's operation id is the link's: a retry replays it, never pays twice.
 */
export class CheckoutTransferService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
  ) {}

  async payByTransfer(command: PayCheckoutByTransferCommand): Promise<PayinView> {
    const found = await this.payins.findByToken(command.token);
    if (!found || found.method !== 'checkout')
      throw new DomainError('not_found', 'checkout link not found');
    return this.payins.transaction(async (client) => {
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const now = new Date();
      requireOpen(link, now);
      if (link.account_id === command.payer_account_id)
        throw new DomainError('self_transfer', 'an account cannot pay its own checkout link');
      const asset = link.settlement_asset as Asset;
      const amount = Money.parse(asset, link.local_amount).toString();
      requireSameCharge(command, asset, amount);
      await this.ledger.transfer({
        from_account_id: command.payer_account_id,
        to_account_id: link.account_id,
        operation_id: `checkout-transfer:${link.payin_id}`,
        asset,
        amount,
        kind: 'checkout_payment',
        reference_id: link.payin_id,
      });
      const attempt = await this.payins.insert(client, transferAttempt(link, command, now));
      const paid = await this.payins.update(client, link.payin_id, {
        status: 'credited',
        paid_attempt_id: attempt?.payin_id ?? null,
        credit_asset: asset,
        fx_rate: '1',
        credited_amount: amount,
        fee: Money.zero(asset).toString(),
        credited_at: now,
      });
      await this.payins.appendEvent(client, paid, 'payins.payin_credited', creditedEvent(paid));
      return payinView(paid, asset);
    });
  }
}

/** The payer's side of the payment, kept as the link's completed attempt. */
function transferAttempt(link: Payin, command: PayCheckoutByTransferCommand, now: Date): Payin {
  return {
    ...link,
    ...EMPTY_LIFECYCLE,
    payin_id: randomUUID(),
    kind: 'checkout_attempt',
    status: 'credited',
    idempotency_key: null,
    reference: `${link.reference}-TRANSFER`,
    token: null,
    checkout_url: null,
    instructions: { type: 'internal_transfer', payer_account_id: command.payer_account_id },
    outcome: 'pay',
    next_step_at: null,
    checkout_payin_id: link.payin_id,
    created_at: now,
    updated_at: now,
  };
}

/** A payer that names the asset or amount must name the link's own (spec §7 `checkout_amount_mismatch`). */
function requireSameCharge(
  command: PayCheckoutByTransferCommand,
  asset: Asset,
  amount: string,
): void {
  const asset_differs = command.asset !== undefined && command.asset !== asset;
  // A malformed amount is `invalid_amount` (Money.parseInput), as on every other money route.
  const amount_differs =
    command.amount !== undefined &&
    !Money.parseInput(asset, command.amount).eq(Money.parse(asset, amount));
  if (asset_differs || amount_differs)
    throw new DomainError(
      'checkout_amount_mismatch',
      `this checkout link charges ${amount} ${asset}`,
    );
}
