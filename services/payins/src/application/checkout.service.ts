import {
  DomainError,
  type CardSession,
  type CheckoutPayment,
  type CheckoutQuote,
  type CheckoutState,
  type PayCheckoutMethodCommand,
  type PayPageOwner,
} from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import {
  cardPaymentOpen,
  checkoutStatusOf,
  requireCardTime,
  requireOpenLink,
} from '../domain/checkout-link';
import { cryptoDueFor, localAmountFor } from '../domain/conversion';
import {
  PAYIN_CORRIDORS,
  findCorridor,
  type CorridorMethod,
  type PayinCorridor,
} from '../domain/corridors';
import type { Payin } from '../domain/payin';
import { newPayin } from '../domain/payin-factory';
import { transition } from '../domain/payin-state';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { drawPayin } from './payin-draw';
import { conversionStatusOf, payinView } from './payin-view';
import type { CollectionConnector, LedgerPort } from './ports';

/** Corridors a payer may pay a link with: not those operators confirm by hand. */
const CHECKOUT_CORRIDORS = PAYIN_CORRIDORS.filter((corridor) => !corridor.manual_confirmation);

/** Crypto the payer may send instead (dues in each asset at the rate table). */
const CRYPTO_ASSETS: readonly Asset[] = ['USDT', 'USDC', 'BTC'];

/** The public side of checkout links (spec §4 `/pay/{token}/...`) and the hosted card page. */
export class CheckoutService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
    private readonly connector: CollectionConnector,
  ) {}

  async state(token: string): Promise<CheckoutState> {
    const link = await this.link(token);
    const attempt = link.paid_attempt_id ? await this.payins.findById(link.paid_attempt_id) : null;
    return {
      checkout_id: link.payin_id,
      status: checkoutStatusOf(link, new Date()),
      amount: link.local_amount,
      settlement_asset: link.settlement_asset ?? link.currency,
      expires_at: link.expires_at.toISOString(),
      paid_at: link.credited_at?.toISOString() ?? null,
      paid_method:
        attempt?.instructions?.type === 'internal_transfer'
          ? 'internal_transfer'
          : (attempt?.method ?? null),
      paid_currency: attempt?.currency ?? null,
      conversion_status: conversionStatusOf(link, attempt?.currency ?? null),
      success_url: link.success_url,
      failure_url: link.failure_url,
    };
  }

  async quote(token: string): Promise<CheckoutQuote> {
    const link = await this.link(token);
    const now = new Date();
    requireOpenLink(link, now);
    const charged = Money.parse(link.settlement_asset as Asset, link.local_amount);
    const rates = await this.ledger.rates();
    const priced = (corridor: PayinCorridor) => ({
      method: corridor.method,
      country: corridor.country,
      currency: corridor.currency,
      local_amount: localAmountFor(charged, corridor.currency, rates).toString(),
    });
    const card_open = cardPaymentOpen(link, now);
    return {
      checkout_id: link.payin_id,
      amount: charged.toString(),
      settlement_asset: charged.asset,
      expires_at: link.expires_at.toISOString(),
      countries: [...new Set(CHECKOUT_CORRIDORS.map((corridor) => corridor.country))],
      options: CHECKOUT_CORRIDORS.filter((corridor) => corridor.method !== 'card').map(priced),
      cards: CHECKOUT_CORRIDORS.filter((corridor) => corridor.method === 'card').map(
        (corridor) => ({
          ...priced(corridor),
          available: card_open,
        }),
      ),
      crypto: CRYPTO_ASSETS.map((asset) => ({
        asset,
        amount: asset === charged.asset ? charged.toString() : cryptoDueFor(charged, asset, rates),
      })),
      account_app: { asset: charged.asset, amount: charged.toString() },
    };
  }

  /** The payer picks a method: a collection for the link, on the link owner's account. */
  async payWithMethod(command: PayCheckoutMethodCommand): Promise<CheckoutPayment> {
    return this.payins.transaction(async (client) => {
      const found = await this.link(command.token);
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const draw = drawPayin();
      requireOpenLink(link, draw.now);
      const corridor = corridorFor(command);
      if (corridor.method === 'card') requireCardTime(link, draw.now);
      const charged = Money.parse(link.settlement_asset as Asset, link.local_amount);
      const local_amount = localAmountFor(charged, corridor.currency, await this.ledger.rates());
      const attempt = newPayin(
        { type: 'checkout_method', link, corridor, local_amount, base_url: command.base_url },
        draw,
        this.connector,
      );
      const stored = await this.payins.insert(client, attempt);
      if (!stored) throw new Error('a checkout attempt cannot collide on an idempotency key');
      return { checkout: await this.stateOfLocked(link), payin: payinView(stored) };
    });
  }

  /** The hosted card page of a card payin or card attempt. */
  async cardSession(token: string): Promise<CardSession> {
    const payin = await this.payins.findByToken(token);
    if (!payin || payin.method !== 'card')
      throw new DomainError('not_found', 'card page not found');
    return {
      status: payin.status,
      amount: payin.local_amount,
      currency: payin.currency,
      reference: payin.reference,
      expires_at: payin.expires_at.toISOString(),
      success_url: payin.success_url,
      failure_url: payin.failure_url,
    };
  }

  /** The account of a checkout link or card payin: its organization brands the public page. */
  async pageOwner(token: string): Promise<PayPageOwner> {
    const payin = await this.payins.findByToken(token);
    if (!payin || (payin.method !== 'card' && payin.method !== 'checkout'))
      throw new DomainError('not_found', 'page not found');
    return { account_id: payin.account_id };
  }

  /**
   * The payer submitted the hosted card page: in the sandbox the rail reports the payment at
   * the scheduler's next tick (magic amounts still decide the outcome).
   */
  async submitCard(token: string): Promise<CardSession> {
    const found = await this.payins.findByToken(token);
    if (!found || found.method !== 'card')
      throw new DomainError('not_found', 'card page not found');
    await this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, found.payin_id);
      if (!payin) throw new DomainError('not_found', 'card page not found');
      await this.payins.store(
        client,
        transition(payin, { type: 'submit_card_page', at: new Date() }),
      );
    });
    return this.cardSession(token);
  }

  private async link(token: string): Promise<Payin> {
    const link = await this.payins.findByToken(token);
    if (!link || link.method !== 'checkout')
      throw new DomainError('not_found', 'checkout link not found');
    return link;
  }

  private async stateOfLocked(link: Payin): Promise<CheckoutState> {
    return this.state(link.token ?? '');
  }
}

/** The corridor a payer picked; a method with one corridor needs no country or currency. */
function corridorFor(command: PayCheckoutMethodCommand): PayinCorridor {
  const method = command.method as CorridorMethod;
  const candidates = CHECKOUT_CORRIDORS.filter((corridor) => corridor.method === method);
  if (candidates.length === 0)
    throw new DomainError('method_unavailable', `${command.method} cannot pay a checkout link`);
  if (!command.country && !command.currency && candidates.length === 1) return candidates[0]!;
  if (!command.country) throw new DomainError('country_required', 'country is required');
  if (!command.currency) throw new DomainError('currency_required', 'currency is required');
  const corridor = findCorridor(method, command.country, command.currency);
  if (!corridor || corridor.manual_confirmation)
    throw new DomainError(
      'payin_corridor_unsupported',
      `${method} does not collect ${command.currency} in ${command.country}`,
    );
  return corridor;
}
