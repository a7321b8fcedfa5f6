import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type PayCheckoutMethodCommand } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { cryptoDueFor, localAmountFor } from '../domain/conversion';
import {
  PAYIN_CORRIDORS,
  findCorridor,
  type CorridorMethod,
  type PayinCorridor,
} from '../domain/corridors';
import { instructionsFor } from '../domain/instructions';
import type { Payin } from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { conversionStatusOf, payinView, type ConversionStatus } from './payin-view';
import { EMPTY_LIFECYCLE } from './payins.service';
import type { CollectionConnector, LedgerPort } from './ports';

/** Corridors a payer may pay a link with: not those operators confirm by hand. */
const CHECKOUT_CORRIDORS = PAYIN_CORRIDORS.filter((corridor) => !corridor.manual_confirmation);

/** Spec §8: a card payment on a checkout link needs at least 5 minutes left. */
export const CARD_MIN_REMAINING_MS = 5 * 60 * 1000;
/** Crypto the payer may send instead (dues in each asset at the rate table). */
const CRYPTO_ASSETS: readonly Asset[] = ['USDT', 'USDC', 'BTC'];

export type CheckoutStatus = 'open' | 'paid' | 'expired';

export interface CheckoutState {
  checkout_id: string;
  status: CheckoutStatus;
  amount: string;
  settlement_asset: string;
  expires_at: string;
  paid_at: string | null;
  paid_method: string | null;
  paid_currency: string | null;
  conversion_status: ConversionStatus;
  success_url: string | null;
  failure_url: string | null;
}

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
      status: statusOf(link, new Date()),
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

  async quote(token: string) {
    const link = await this.link(token);
    requireOpen(link, new Date());
    const charged = Money.parse(link.settlement_asset as Asset, link.local_amount);
    const rates = await this.ledger.rates();
    const priced = (corridor: PayinCorridor) => ({
      method: corridor.method,
      country: corridor.country,
      currency: corridor.currency,
      local_amount: localAmountFor(charged, corridor.currency, rates).toString(),
    });
    const card_open = link.expires_at.getTime() - Date.now() >= CARD_MIN_REMAINING_MS;
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
  async payWithMethod(command: PayCheckoutMethodCommand) {
    return this.payins.transaction(async (client) => {
      const found = await this.link(command.token);
      const link = await this.payins.lock(client, found.payin_id);
      if (!link) throw new DomainError('not_found', 'checkout link not found');
      const now = new Date();
      requireOpen(link, now);
      const corridor = corridorFor(command);
      if (
        corridor.method === 'card' &&
        link.expires_at.getTime() - now.getTime() < CARD_MIN_REMAINING_MS
      )
        throw new DomainError(
          'checkout_expiring_soon',
          'the link expires in under 5 minutes; pay with another method',
        );
      const charged = Money.parse(link.settlement_asset as Asset, link.local_amount);
      const local = localAmountFor(charged, corridor.currency, await this.ledger.rates());
      const attempt = this.attempt(link, corridor, local, command.base_url, now);
      const stored = await this.payins.insert(client, attempt);
      if (!stored) throw new Error('a checkout attempt cannot collide on an idempotency key');
      return { checkout: await this.stateOfLocked(link), payin: payinView(stored) };
    });
  }

  /** The hosted card page of a card payin or card attempt. */
  async cardSession(token: string) {
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

  /**
   * The payer submitted the hosted card page: in the sandbox the rail reports the payment at
   * the scheduler's next tick (magic amounts still decide the outcome).
   */
  async submitCard(token: string) {
    const payin = await this.payins.findByToken(token);
    if (!payin || payin.method !== 'card')
      throw new DomainError('not_found', 'card page not found');
    if (payin.status === 'pending' && payin.expires_at <= new Date())
      throw new DomainError('checkout_expired', 'this card session has expired');
    if (payin.status === 'pending' && (payin.outcome === 'pay' || payin.outcome === 'fail'))
      await this.payins.transaction((client) =>
        this.payins.update(client, payin.payin_id, { next_step_at: new Date() }),
      );
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

  private attempt(
    link: Payin,
    corridor: PayinCorridor,
    local: Money,
    base_url: string,
    now: Date,
  ): Payin {
    const token = corridor.method === 'card' ? randomBytes(24).toString('base64url') : null;
    const payment_url = token ? `${base_url}/pay/card/${token}` : null;
    const reference = `${link.reference}-${randomBytes(3).toString('hex').toUpperCase()}`;
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
      reference,
      glosa: null,
      customer: null,
      instructions: instructionsFor(
        {
          method: corridor.method,
          corridor,
          country: corridor.country,
          currency: corridor.currency,
          amount: local,
          idempotency_key: null,
          glosa: null,
          customer: null,
          expires_at: null,
          fiat_hold_local: false,
          card: null,
        },
        reference,
        payment_url,
      ),
      token,
      payment_url,
      checkout_url: null,
      success_url: link.success_url,
      failure_url: link.failure_url,
      expires_at: new Date(now.getTime() + corridor.default_expiry_minutes * 60_000),
      outcome,
      next_step_at:
        (outcome === 'pay' || outcome === 'fail') && step_ms !== null && corridor.method !== 'card'
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

function statusOf(link: Payin, now: Date): CheckoutStatus {
  if (link.status === 'credited') return 'paid';
  if (link.status === 'pending' && link.expires_at > now) return 'open';
  return 'expired';
}

export function requireOpen(link: Payin, now: Date): void {
  const status = statusOf(link, now);
  if (status === 'paid')
    throw new DomainError('already_paid', 'this checkout link is already paid');
  if (status === 'expired')
    throw new DomainError('checkout_expired', 'this checkout link has expired');
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
