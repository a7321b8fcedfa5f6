import {
  DomainError,
  type CheckoutCollectCommand,
  type CheckoutPayment,
  type CollectOtpSent,
} from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { requireOpenLink } from '../domain/checkout-link';
import { readCollectCorridor, readCollectRequest } from '../domain/collect-request';
import { localAmountFor } from '../domain/conversion';
import type { Payin } from '../domain/payin';
import { newPayin } from '../domain/payin-factory';
import type { CollectOtpsRepository } from '../infrastructure/collect-otps.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import type { CheckoutService } from './checkout.service';
import { authorizeCollect, consumeCollectOtp, sendCollectOtp } from './collect.service';
import { drawPayin } from './payin-draw';
import { payinView } from './payin-view';
import type { CollectionConnector, LedgerPort } from './ports';

/**
 * A payer pays a checkout link by pull collection (`/pay/{token}/collect`, spec §4): the same
 * rules as `POST /v1/payins/collect`, for the link's amount priced in the corridor's currency,
 * on the link owner's account. The first completed method wins, as for every other method.
 */
export class CheckoutCollectService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
    private readonly connector: CollectionConnector,
    private readonly checkout: CheckoutService,
    private readonly otps: CollectOtpsRepository,
  ) {}

  /** Has the payer's bank send an SMS code (`otp_route` corridors; `c2p` has no OTP route). */
  async requestOtp(command: CheckoutCollectCommand): Promise<CollectOtpSent> {
    const link = await this.link(command.token);
    requireOpenLink(link, new Date());
    const { amount: _amount, ...body } = command.body;
    return sendCollectOtp(this.connector, this.otps, checkoutRequester(link), body);
  }

  async collect(command: CheckoutCollectCommand): Promise<CheckoutPayment> {
    const found = await this.link(command.token);
    return this.payins.transaction(async (client) => {
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const draw = drawPayin();
      requireOpenLink(link, draw.now);
      const corridor = readCollectCorridor(command.body);
      const charged = Money.parse(link.settlement_asset as Asset, link.local_amount);
      const local = localAmountFor(charged, corridor.currency, await this.ledger.rates());
      if (
        command.body.amount !== undefined &&
        !Money.parseInput(corridor.currency, command.body.amount).eq(local)
      )
        throw new DomainError(
          'checkout_amount_mismatch',
          `this link is paid with ${local.toString()} ${corridor.currency}`,
        );
      const request = readCollectRequest({
        ...command.body,
        amount: local.toString(),
        idempotency_key: undefined,
      });
      authorizeCollect(this.connector, request);
      await consumeCollectOtp(this.otps, client, checkoutRequester(link), request);
      const attempt = newPayin({ type: 'checkout_collect', link, request }, draw, this.connector);
      const stored = await this.payins.insert(client, attempt);
      if (!stored) throw new Error('a checkout attempt cannot collide on an idempotency key');
      return { checkout: await this.checkout.state(command.token), payin: payinView(stored) };
    });
  }

  private async link(token: string): Promise<Payin> {
    const link = await this.payins.findByToken(token);
    if (!link || link.method !== 'checkout')
      throw new DomainError('not_found', 'checkout link not found');
    return link;
  }
}

/** A payer on a public checkout page asks for codes as the link, not as its owner's account. */
function checkoutRequester(link: Payin): string {
  return `checkout:${link.payin_id}`;
}
