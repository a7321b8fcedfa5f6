import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type CollectPayinCommand } from '@platform/contracts';
import type { PoolClient } from 'pg';
import {
  COLLECT_OTP_TTL_MS,
  readCollectOtpRequest,
  readCollectRequest,
  type CollectOtpRequest,
  type CollectRequest,
} from '../domain/collect-request';
import type { Payin } from '../domain/payin';
import type { CollectOtpsRepository } from '../infrastructure/collect-otps.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView } from './payin-view';
import { EMPTY_LIFECYCLE, replay, type CreatedPayin } from './payins.service';
import type { CollectionConnector, IdentityPort } from './ports';

/**
 * Sandbox answers of the payer's bank (documented in the OpenAPI routes, decisions D6): the key
 * or SMS code `999999` is refused (`collect_otp_failed`); a payer document `REJECT` is refused
 * (`collect_rejected`), already when a code is asked for.
 */
const SANDBOX_REFUSED_KEY = '999999';
const SANDBOX_REJECTED_DOCUMENT = 'REJECT';

/** Pull collections (spec §4 `/v1/payins/collect`): the payer's bank debits their account. */
export class CollectService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly identity: IdentityPort,
    private readonly connector: CollectionConnector,
    private readonly otps: CollectOtpsRepository,
  ) {}

  /**
   * Has the payer's bank send the payer an SMS code (`otp_route` corridors); VE/VES `c2p` has
   * no OTP route (`invalid_request`): the payer's bank issues that key itself.
   */
  async requestOtp(command: CollectPayinCommand): Promise<CollectOtpSent> {
    await this.requireVerified(command.account_id);
    return sendCollectOtp(this.connector, this.otps, command.account_id, command.body);
  }

  async collect(command: CollectPayinCommand): Promise<CreatedPayin> {
    await this.requireVerified(command.account_id);
    const request = readCollectRequest(command.body, command.header_idempotency_key);
    if (request.idempotency_key) {
      const original = await this.payins.findByIdempotencyKey(
        command.account_id,
        request.idempotency_key,
      );
      if (original) return replay(original, collectFingerprint(request));
    }
    authorizeCollect(this.connector, request);
    const payin = this.newPayin(command, request, new Date());
    const inserted = await this.payins.transaction(async (client) => {
      await consumeCollectOtp(this.otps, client, command.account_id, request);
      return this.payins.insert(client, payin);
    });
    if (inserted) return { ...payinView(inserted), idempotency_hit: false };
    const winner = await this.payins.findByIdempotencyKey(
      command.account_id,
      request.idempotency_key ?? '',
    );
    if (!winner) throw new DomainError('service_unavailable', 'the payin could not be stored');
    return replay(winner, collectFingerprint(request));
  }

  private async requireVerified(account_id: string): Promise<void> {
    if ((await this.identity.kycStatus(account_id)) !== 'approved')
      throw new DomainError(
        'verification_required',
        'identity verification must be approved before collecting',
      );
  }

  private newPayin(command: CollectPayinCommand, request: CollectRequest, now: Date): Payin {
    const amount = request.amount.toString();
    const outcome = this.connector.plan(request.corridor.method, amount);
    const step_ms = this.connector.step_ms;
    return {
      ...EMPTY_LIFECYCLE,
      payin_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      kind: 'payin',
      method: request.corridor.method,
      status: 'pending',
      country: request.corridor.country,
      currency: request.corridor.currency,
      local_amount: amount,
      idempotency_key: request.idempotency_key,
      reference: `PC${randomBytes(5).toString('hex').toUpperCase()}`,
      glosa: request.glosa,
      customer: null,
      // The payer's phone and bank identify the debited account; the key is never stored.
      instructions: {
        type: 'pull_collection',
        payer_phone: request.payer.phone,
        payer_bank_code: request.payer.bank_code,
      },
      token: null,
      payment_url: null,
      checkout_url: null,
      success_url: null,
      failure_url: null,
      expires_at: new Date(now.getTime() + request.corridor.default_expiry_minutes * 60_000),
      outcome,
      next_step_at:
        (outcome === 'pay' || outcome === 'fail') && step_ms !== null
          ? new Date(now.getTime() + step_ms)
          : null,
      fiat_hold_local: false,
      settlement_hours: 0,
      save_card: false,
      settlement_asset: null,
      created_at: now,
      updated_at: now,
    };
  }
}

function collectFingerprint(request: CollectRequest) {
  return {
    method: request.corridor.method,
    country: request.corridor.country,
    currency: request.corridor.currency,
    amount: request.amount.toString(),
  };
}

/** The payer's bank checks the key and the payer before anything is stored. */
export function authorizeCollect(connector: CollectionConnector, request: CollectRequest): void {
  if (connector.step_ms === null) return;
  if (request.otp === SANDBOX_REFUSED_KEY)
    throw new DomainError('collect_otp_failed', "the payer's bank refused the key");
  rejectPayer(connector, request.payer);
}

function rejectPayer(connector: CollectionConnector, payer: { document: string }): void {
  if (connector.step_ms !== null && payer.document === SANDBOX_REJECTED_DOCUMENT)
    throw new DomainError('collect_rejected', "the payer's bank rejected the collection");
}

/** The answer of `/collect/otp`: the payer's bank sent the code; the platform never sees it. */
export interface CollectOtpSent {
  otp_sent: true;
  channel: 'sms';
  method: string;
  payer_phone: string;
  expires_at: string;
}

/** `requester`: the account collecting, or the checkout link a payer pays. */
export async function sendCollectOtp(
  connector: CollectionConnector,
  otps: CollectOtpsRepository,
  requester: string,
  body: CollectPayinCommand['body'],
): Promise<CollectOtpSent> {
  const request: CollectOtpRequest = readCollectOtpRequest(body);
  rejectPayer(connector, request.payer);
  const expires_at = new Date(Date.now() + COLLECT_OTP_TTL_MS);
  await otps.record(requester, request, expires_at);
  return {
    otp_sent: true,
    channel: 'sms',
    method: request.corridor.method,
    payer_phone: maskPhone(request.payer.phone),
    expires_at: expires_at.toISOString(),
  };
}

/**
 * An `otp_route` collection uses the code its payer's bank sent: one asked for by the same
 * requester for the same payer, not expired, not used by another collection.
 */
export async function consumeCollectOtp(
  otps: CollectOtpsRepository,
  client: PoolClient,
  requester: string,
  request: CollectRequest,
): Promise<void> {
  if (!request.corridor.otp_route) return;
  if (!(await otps.consume(client, requester, request.corridor.method, request.payer)))
    throw new DomainError(
      'collect_otp_failed',
      'no code was sent to this payer, or it expired or was used: ask for a new one with /collect/otp',
    );
}

function maskPhone(phone: string): string {
  return `${'•'.repeat(Math.max(phone.length - 4, 0))}${phone.slice(-4)}`;
}
