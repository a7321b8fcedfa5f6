import { randomBytes, randomUUID } from 'node:crypto';
import {
  DomainError,
  type CreatePayinCommand,
  type GetPayinCommand,
  type ListPayinsCommand,
} from '@platform/contracts';
import {
  COLLECT_METHODS,
  DEPOSIT_METHOD,
  PAYIN_METHODS,
  methodsCatalog,
  type MethodsCatalog,
} from '../domain/corridors';
import {
  readPayinRequest,
  type CheckoutPayinRequest,
  type CorridorPayinRequest,
  type PayinRequest,
} from '../domain/create-request';
import {
  readIdempotencyKey,
  sameFingerprint,
  type PayinFingerprint,
} from '../domain/idempotency-key';
import { instructionsFor } from '../domain/instructions';
import { localDateRange } from '../domain/local-dates';
import { PAYIN_STATUSES, type Payin } from '../domain/payin';
import { assertChargeable, cardInstrument, type StoredCard } from '../domain/stored-card';
import {
  PAYIN_LIST_KINDS,
  PAYIN_REFUND_STATUSES,
  type PayinsRepository,
} from '../infrastructure/payins.repository';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import { moneyText, payinView, type PayinView } from './payin-view';
import type { CollectionConnector, IdentityPort } from './ports';

/** Spec §8: open card sessions per account. */
export const MAX_OPEN_CARD_SESSIONS = 50;

export interface PayinsSettings {
  /** Overrides the corridor's default expiry of QR collections (tests use a short one). */
  qr_expiry_ms: number | null;
}

export type CreatedPayin = PayinView & { idempotency_hit: boolean };

/** Creating and reading payins. The lifecycle after create is the CollectionWorker's. */
export class PayinsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly identity: IdentityPort,
    private readonly connector: CollectionConnector,
    private readonly settings: PayinsSettings,
    private readonly cards: StoredCardsRepository,
  ) {}

  async create(command: CreatePayinCommand): Promise<CreatedPayin> {
    const kyc_status = await this.identity.kycStatus(command.account_id);
    if (kyc_status !== 'approved')
      throw new DomainError(
        'verification_required',
        'identity verification must be approved before creating payins',
      );
    const now = new Date();
    const stored_card = await this.storedCard(command);
    const request = await this.readRequest(command, now);
    if (request.idempotency_key) {
      const original = await this.payins.findByIdempotencyKey(
        command.account_id,
        request.idempotency_key,
      );
      if (original) return replay(original, fingerprintOfRequest(request));
    }
    await this.admit(command.account_id, request, stored_card !== null);
    const payin = this.newPayin(command, request, now, stored_card);
    const inserted = await this.payins.transaction((client) => this.payins.insert(client, payin));
    if (inserted) return { ...payinView(inserted), idempotency_hit: false };
    // Another request with the same key won the insert: answer with its payin (D7).
    const winner = await this.payins.findByIdempotencyKey(
      command.account_id,
      request.idempotency_key ?? '',
    );
    if (!winner) throw new DomainError('service_unavailable', 'the payin could not be stored');
    return replay(winner, fingerprintOfRequest(request));
  }

  /**
   * A body that fails validation under a key the account already used differs from the
   * original (which was valid): that is `idempotency_conflict`, as spec §4 asks.
   */
  private async readRequest(command: CreatePayinCommand, now: Date): Promise<PayinRequest> {
    try {
      return readPayinRequest(command.body, command.header_idempotency_key, now);
    } catch (error) {
      const key = usableKey(command.body.idempotency_key ?? command.header_idempotency_key);
      if (key && (await this.payins.findByIdempotencyKey(command.account_id, key)))
        throw new DomainError(
          'idempotency_conflict',
          'this idempotency_key was used with a different country, currency, method or amount',
        );
      throw error;
    }
  }

  async get(query: GetPayinCommand): Promise<PayinView> {
    const payin = await this.payins.findOwned(query.account_id, query.payin_id);
    if (!payin) throw new DomainError('not_found', 'payin not found');
    return payinView(payin, await this.paidCurrency(payin));
  }

  /** Whether a payin belongs to an organization (an organization admin acts on its own only). */
  async belongsToOrg(payin_id: string, org_id: string): Promise<boolean> {
    return (await this.payins.findById(payin_id))?.org_id === org_id;
  }

  async list(query: ListPayinsCommand): Promise<{ payins: PayinView[] }> {
    if (query.status && !PAYIN_STATUSES.some((status) => status === query.status))
      throw new DomainError('invalid_status', `status must be one of ${PAYIN_STATUSES.join(', ')}`);
    const methods: readonly string[] = [...PAYIN_METHODS, ...COLLECT_METHODS, DEPOSIT_METHOD];
    if (query.method && !methods.includes(query.method))
      throw new DomainError('invalid_request', `method must be one of ${methods.join(', ')}`);
    if (query.country && !/^[A-Z]{2}$/.test(query.country))
      throw new DomainError('invalid_country', 'country must be an ISO 3166-1 alpha-2 code');
    const kind = PAYIN_LIST_KINDS.find((known) => known === query.kind);
    if (query.kind && !kind)
      throw new DomainError(
        'invalid_request',
        `kind must be one of ${PAYIN_LIST_KINDS.join(', ')}`,
      );
    const refund_status = PAYIN_REFUND_STATUSES.find((known) => known === query.refund_status);
    if (query.refund_status && !refund_status)
      throw new DomainError(
        'invalid_status',
        `refund_status must be one of ${PAYIN_REFUND_STATUSES.join(', ')}`,
      );
    const range =
      query.from || query.to
        ? localDateRange(
            query.from,
            query.to,
            await this.identity.organizationTimezone(query.org_id),
          )
        : {};
    const rows = await this.payins.list({
      account_id: query.account_id,
      status: query.status,
      country: query.country,
      method: query.method,
      instrument_id: query.instrument_id || undefined,
      kind,
      refund_status,
      search: query.search || undefined,
      ...range,
      limit: query.limit,
      offset: query.offset,
    });
    return { payins: rows.map((row) => payinView(row)) };
  }

  methods(): MethodsCatalog {
    return methodsCatalog();
  }

  /** The currency a checkout link was paid in, for its `conversion_status`. */
  private async paidCurrency(payin: Payin): Promise<string | null> {
    if (payin.method !== 'checkout' || !payin.paid_attempt_id) return null;
    return (await this.payins.findById(payin.paid_attempt_id))?.currency ?? null;
  }

  /**
   * The stored card a card payin charges (`instrument_id`): the account's own, not revoked, in
   * the corridor it was saved in. It is charged at once: no hosted page.
   */
  private async storedCard(command: CreatePayinCommand): Promise<StoredCard | null> {
    const { body } = command;
    if (body.method !== 'card' || body.instrument_id === undefined) return null;
    if (typeof body.instrument_id !== 'string')
      throw new DomainError('invalid_request', 'instrument_id must be a stored card id');
    if (body.save_card !== undefined)
      throw new DomainError('invalid_request', 'save_card does not apply to a stored card');
    const card = await this.cards.findOwned(command.account_id, body.instrument_id);
    if (!card) throw new DomainError('not_found', 'stored card not found');
    assertChargeable(card, body.country, body.currency);
    return card;
  }

  /** Card rules checked before anything is stored: the authentication filter and session cap. */
  private async admit(account_id: string, request: PayinRequest, stored: boolean): Promise<void> {
    if (request.method !== 'card') return;
    if (this.connector.rejectsAtCreate('card', request.amount.toString()))
      throw new DomainError(
        'provider_rejected',
        'the card payment was rejected by the authentication filter; nothing was charged',
      );
    if (!stored && (await this.payins.countOpenCardSessions(account_id)) >= MAX_OPEN_CARD_SESSIONS)
      throw new DomainError(
        'too_many_open_card_sessions',
        `at most ${MAX_OPEN_CARD_SESSIONS} card sessions may be open at once`,
      );
  }

  private newPayin(
    command: CreatePayinCommand,
    request: PayinRequest,
    now: Date,
    stored_card: StoredCard | null,
  ): Payin {
    const base = {
      payin_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      idempotency_key: request.idempotency_key,
      reference: newReference(),
      created_at: now,
      updated_at: now,
    };
    return request.method === 'checkout'
      ? checkoutPayin(base, request, command.base_url)
      : this.corridorPayin(base, request, command.base_url, now, stored_card);
  }

  private corridorPayin(
    base: PayinBase,
    request: CorridorPayinRequest,
    base_url: string,
    now: Date,
    stored_card: StoredCard | null = null,
  ): Payin {
    const token = request.method === 'card' && !stored_card ? newToken() : null;
    const payment_url = token ? `${base_url}/pay/card/${token}` : null;
    // A manually confirmed corridor waits for its operators even in the sandbox.
    const outcome = request.corridor.manual_confirmation
      ? 'manual'
      : this.connector.plan(request.method, request.amount.toString());
    const step_ms = this.connector.step_ms;
    return {
      ...base,
      ...EMPTY_LIFECYCLE,
      kind: 'payin',
      method: request.method,
      status: 'pending',
      country: request.country,
      currency: request.currency,
      local_amount: request.amount.toString(),
      glosa: request.glosa,
      customer: request.customer as Record<string, string> | null,
      instructions: stored_card
        ? storedCardInstructions(request, stored_card)
        : instructionsFor(request, base.reference, payment_url),
      token,
      payment_url,
      checkout_url: null,
      success_url: request.card?.success_url ?? null,
      failure_url: request.card?.failure_url ?? null,
      expires_at: request.expires_at ?? this.defaultExpiry(request, now),
      outcome,
      // A card payment starts when the payer submits the hosted page (CheckoutService); a
      // stored card is charged at once, at the scheduler's next tick.
      next_step_at:
        (outcome === 'pay' || outcome === 'fail') &&
        step_ms !== null &&
        (request.method !== 'card' || stored_card)
          ? new Date(now.getTime() + (stored_card ? 0 : step_ms))
          : null,
      fiat_hold_local: request.fiat_hold_local,
      settlement_hours: request.card?.settlement_hours ?? 0,
      save_card: request.card?.save_card ?? false,
      settlement_asset: null,
      instrument_id: stored_card?.instrument_id ?? null,
      instrument: stored_card ? cardInstrument(stored_card) : null,
    };
  }

  private defaultExpiry(request: CorridorPayinRequest, now: Date): Date {
    const expiry_ms =
      request.method === 'qr' && this.settings.qr_expiry_ms !== null
        ? this.settings.qr_expiry_ms
        : request.corridor.default_expiry_minutes * 60_000;
    return new Date(now.getTime() + expiry_ms);
  }
}

type PayinBase = Pick<
  Payin,
  | 'payin_id'
  | 'account_id'
  | 'org_id'
  | 'idempotency_key'
  | 'reference'
  | 'created_at'
  | 'updated_at'
>;

/** The columns a new payin starts with before anything happens to it. */
export const EMPTY_LIFECYCLE = {
  checkout_payin_id: null,
  paid_attempt_id: null,
  credit_asset: null,
  fx_rate: null,
  credited_amount: null,
  fee: null,
  settlement_pending: false,
  settle_at: null,
  settled_at: null,
  credited_at: null,
  failure: null,
  match_reason: null,
  refunded_amount: '0',
  instrument_id: null,
  instrument: null,
  deposit_account_id: null,
  payer: null,
} as const;

function checkoutPayin(base: PayinBase, request: CheckoutPayinRequest, base_url: string): Payin {
  const token = newToken();
  return {
    ...base,
    ...EMPTY_LIFECYCLE,
    kind: 'payin',
    method: 'checkout',
    status: 'pending',
    country: null,
    currency: request.settlement_asset,
    local_amount: request.amount.toString(),
    glosa: null,
    customer: null,
    instructions: null,
    token,
    payment_url: null,
    checkout_url: `${base_url}/pay/${token}`,
    success_url: request.success_url,
    failure_url: request.failure_url,
    expires_at: request.expires_at,
    // The link itself is never stepped: the payer's method attempts are.
    outcome: 'never_paid',
    next_step_at: null,
    fiat_hold_local: false,
    settlement_hours: 0,
    save_card: false,
    settlement_asset: request.settlement_asset,
  };
}

function storedCardInstructions(request: CorridorPayinRequest, card: StoredCard) {
  return {
    type: 'stored_card',
    amount: request.amount.toString(),
    currency: request.currency,
    instrument_id: card.instrument_id,
    brand: card.brand,
    last4: card.last4,
  };
}

function fingerprintOfRequest(request: PayinRequest): PayinFingerprint {
  return request.method === 'checkout'
    ? {
        method: 'checkout',
        country: null,
        currency: request.settlement_asset,
        amount: request.amount.toString(),
      }
    : {
        method: request.method,
        country: request.country,
        currency: request.currency,
        amount: request.amount.toString(),
      };
}

function fingerprintOfPayin(payin: Payin): PayinFingerprint {
  return {
    method: payin.method,
    country: payin.country,
    currency: payin.currency,
    amount: moneyText(payin.currency, payin.local_amount) ?? payin.local_amount,
  };
}

/** Spec §4: the same key and an equivalent payload answer the original payin. */
export function replay(original: Payin, fingerprint: PayinFingerprint): CreatedPayin {
  if (!sameFingerprint(fingerprintOfPayin(original), fingerprint))
    throw new DomainError(
      'idempotency_conflict',
      'this idempotency_key was used with a different country, currency, method or amount',
    );
  return { ...payinView(original), idempotency_hit: true };
}

function usableKey(value: unknown): string | null {
  try {
    return readIdempotencyKey(value);
  } catch {
    return null;
  }
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReference(): string {
  const bytes = randomBytes(10);
  return `PI${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('')}`;
}
