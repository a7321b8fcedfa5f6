import {
  DomainError,
  type PayCheckoutByTransferCommand,
  type PayinView,
} from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { requireOpenLink } from '../domain/checkout-link';
import { newPayin } from '../domain/payin-factory';
import { transition } from '../domain/payin-state';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { drawPayin } from './payin-draw';
import { payinView } from './payin-view';
import type { CollectionConnector, LedgerPort } from './ports';

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
    private readonly connector: CollectionConnector,
  ) {}

  async payByTransfer(command: PayCheckoutByTransferCommand): Promise<PayinView> {
    const found = await this.payins.findByToken(command.token);
    if (!found || found.method !== 'checkout')
      throw new DomainError('not_found', 'checkout link not found');
    return this.payins.transaction(async (client) => {
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const draw = drawPayin();
      requireOpenLink(link, draw.now);
      if (link.account_id === command.payer_account_id)
        throw new DomainError('self_transfer', 'an account cannot pay its own checkout link');
      const asset = link.settlement_asset as Asset;
      const charged = Money.parse(asset, link.local_amount);
      requireSameCharge(command, charged);
      const attempt = newPayin(
        { type: 'checkout_transfer', link, payer_account_id: command.payer_account_id },
        draw,
        this.connector,
      );
      const matched = transition(attempt, { type: 'match_to_link', link, at: draw.now });
      const paid = transition(link, {
        type: 'pay_link',
        at: draw.now,
        credit: { credit_asset: asset, credited: charged, fee: Money.zero(asset), fx_rate: '1' },
        attempt,
      });
      await this.ledger.transfer({
        from_account_id: command.payer_account_id,
        to_account_id: link.account_id,
        operation_id: `checkout-transfer:${link.payin_id}`,
        asset,
        amount: charged.toString(),
        kind: 'checkout_payment',
        reference_id: link.payin_id,
      });
      if (!(await this.payins.insert(client, matched.payin)))
        throw new Error('a checkout transfer cannot collide on an idempotency key');
      return payinView(await this.payins.store(client, paid), asset);
    });
  }
}

/** A payer that names the asset or amount must name the link's own (spec §7 `checkout_amount_mismatch`). */
function requireSameCharge(command: PayCheckoutByTransferCommand, charged: Money<Asset>): void {
  const asset_differs = command.asset !== undefined && command.asset !== charged.asset;
  // A malformed amount is `invalid_amount` (Money.parseInput), as on every other money route.
  const amount_differs =
    command.amount !== undefined && !Money.parseInput(charged.asset, command.amount).eq(charged);
  if (asset_differs || amount_differs)
    throw new DomainError(
      'checkout_amount_mismatch',
      `this checkout link charges ${charged.toString()} ${charged.asset}`,
    );
}
