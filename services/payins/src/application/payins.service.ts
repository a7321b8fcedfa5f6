import {
  DomainError,
  IdempotencyKey,
  localDayRange,
  type CreatedPayin,
  type CreatePayinCommand,
  type GetPayinCommand,
  type ListPayinsCommand,
  type PayinMethodsCatalog,
  type PayinView,
} from '@platform/contracts';
import {
  COLLECT_METHODS,
  DEPOSIT_METHOD,
  PAYIN_METHODS,
  methodsCatalog,
} from '../domain/corridors';
import { readPayinRequest, type PayinRequest } from '../domain/create-request';
import { PAYIN_STATUSES, type Payin } from '../domain/payin';
import { newPayin, type PayinOrigin } from '../domain/payin-factory';
import { fingerprintOfRequest, idempotencyConflict } from '../domain/payin-fingerprint';
import { assertChargeable, type StoredCard } from '../domain/stored-card';
import {
  PAYIN_LIST_KINDS,
  PAYIN_REFUND_STATUSES,
  type PayinsRepository,
} from '../infrastructure/payins.repository';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import { insertOnce, replayOf } from './create-once';
import { drawPayin } from './payin-draw';
import { payinView } from './payin-view';
import type { CollectionConnector, IdentityPort } from './ports';
import { requireVerified } from './verification-gate';

/** Spec §8: open card sessions per account. */
export const MAX_OPEN_CARD_SESSIONS = 50;

export interface PayinsSettings {
  /** Overrides the corridor's default expiry of QR collections (tests use a short one). */
  qr_expiry_ms: number | null;
}

/** Creating and reading payins. The lifecycle after create is the CollectionWorker's. */
export class PayinsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly identity: IdentityPort,
    private readonly connector: CollectionConnector,
    private readonly settings: PayinsSettings,
    private readonly cards: StoredCardsRepository,
  ) {}

  /**
   * `platform_key`: the payin is the platform's own operation (a subscription's charge), keyed
   * with a reserved prefix no client can send.
   */
  async create(command: CreatePayinCommand, platform_key = false): Promise<CreatedPayin> {
    await requireVerified(this.identity, command, 'creating payins');
    const now = new Date();
    const stored_card = await this.storedCard(command);
    const request = await this.readRequest(command, now, platform_key);
    const fingerprint = fingerprintOfRequest(request);
    try {
      await this.admit(command.account_id, request, stored_card !== null);
    } catch (refusal) {
      // A key used before answers with its payin, whatever this request would be refused now.
      const replay = await replayOf(
        this.payins,
        command.account_id,
        request.idempotency_key,
        fingerprint,
      );
      if (replay) return replay;
      throw refusal;
    }
    // A key used before loses the insert, which then answers with its payin: no look up first.
    const payin = newPayin(
      this.originOf(command, request, stored_card),
      drawPayin(now),
      this.connector,
    );
    return insertOnce(this.payins, payin, fingerprint);
  }

  /**
   * A body that fails validation under a key the account already used differs from the
   * original (which was valid): that is `idempotency_conflict`, as spec §4 asks.
   */
  private async readRequest(
    command: CreatePayinCommand,
    now: Date,
    platform_key: boolean,
  ): Promise<PayinRequest> {
    try {
      return readPayinRequest(
        command.body,
        now,
        platform_key ? IdempotencyKey.platform : IdempotencyKey.parse,
      );
    } catch (error) {
      const key = usableKey(command.body.idempotency_key);
      if (key && (await this.payins.findByIdempotencyKey(command.account_id, key)))
        throw idempotencyConflict();
      throw error;
    }
  }

  async get(query: GetPayinCommand): Promise<PayinView> {
    const payin = await this.payins.findOwned(query.account_id, query.payin_id);
    if (!payin) throw new DomainError('not_found', 'payin not found');
    return payinView(payin, await this.paidCurrency(payin));
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
        ? localDayRange(
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

  methods(): PayinMethodsCatalog {
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

  private originOf(
    command: CreatePayinCommand,
    request: PayinRequest,
    stored_card: StoredCard | null,
  ): PayinOrigin {
    const owner = { account_id: command.account_id, org_id: command.org_id };
    return request.method === 'checkout'
      ? { type: 'checkout_link', owner, request, base_url: command.base_url }
      : {
          type: 'corridor',
          owner,
          request,
          stored_card,
          qr_expiry_ms: this.settings.qr_expiry_ms,
          base_url: command.base_url,
        };
  }
}

/** The client's key when it is a valid one, else null (for telling a conflict from a bad body). */
export function usableKey(value: unknown): string | null {
  try {
    return IdempotencyKey.parse(value);
  } catch {
    return null;
  }
}
