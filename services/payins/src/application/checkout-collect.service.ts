import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type CheckoutCollectCommand } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { readCollectCorridor, readCollectRequest } from '../domain/collect-request';
import type { CollectOtpsRepository } from '../infrastructure/collect-otps.repository';
import { localAmountFor } from '../domain/conversion';
import type { Payin } from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { requireOpen, type CheckoutService } from './checkout.service';
import {
  authorizeCollect,
  consumeCollectOtp,
  sendCollectOtp,
  type CollectOtpSent,
} from './collect.service';
import { payinView } from './payin-view';
import { EMPTY_LIFECYCLE } from './payins.service';
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
    requireOpen(link, new Date());
    const { amount: _amount, ...body } = command.body;
    return sendCollectOtp(this.connector, this.otps, checkoutRequester(link), body);
  }

  async collect(command: CheckoutCollectCommand) {
    const found = await this.link(command.token);
    return this.payins.transaction(async (client) => {
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const now = new Date();
      requireOpen(link, now);
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
      const request = readCollectRequest(
        { ...command.body, amount: local.toString(), idempotency_key: undefined },
        undefined,
      );
      authorizeCollect(this.connector, request);
      await consumeCollectOtp(this.otps, client, checkoutRequester(link), request);
      const attempt = this.attempt(link, request.corridor, local, request.payer, now);
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

  private attempt(
    link: Payin,
    corridor: ReturnType<typeof readCollectCorridor>,
    local: Money,
    payer: { phone: string; bank_code: string },
    now: Date,
  ): Payin {
    const outcome = this.connector.plan('checkout', link.local_amount);
    const step_ms = this.connector.step_ms;
    return {
      ...EMPTY_LIFECYCLE,
      payin_id: randomUUID(),
      account_id: link.account_id,
      org_id: link.org_id,
      kind: 'checkout_attempt',
      method: corridor.method,
      status: 'pending',
      country: corridor.country,
      currency: corridor.currency,
      local_amount: local.toString(),
      idempotency_key: null,
      reference: `${link.reference}-${randomBytes(3).toString('hex').toUpperCase()}`,
      glosa: null,
      customer: null,
      // The payer's phone and bank identify the debited account; the key is never stored.
      instructions: {
        type: 'pull_collection',
        payer_phone: payer.phone,
        payer_bank_code: payer.bank_code,
      },
      token: null,
      payment_url: null,
      checkout_url: null,
      success_url: link.success_url,
      failure_url: link.failure_url,
      expires_at: new Date(now.getTime() + corridor.default_expiry_minutes * 60_000),
      outcome,
      next_step_at:
        (outcome === 'pay' || outcome === 'fail') && step_ms !== null
          ? new Date(now.getTime() + step_ms)
          : null,
      fiat_hold_local: false,
      settlement_hours: 0,
      save_card: false,
      settlement_asset: null,
      checkout_payin_id: link.payin_id,
      created_at: now,
      updated_at: now,
    };
  }
}

/** A payer on a public checkout page asks for codes as the link, not as its owner's account. */
function checkoutRequester(link: Payin): string {
  return `checkout:${link.payin_id}`;
}
