import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type CollectPayinCommand } from '@platform/contracts';
import {
  readCollectCorridor,
  readCollectRequest,
  type CollectRequest,
} from '../domain/collect-request';
import type { Payin } from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView } from './payin-view';
import { EMPTY_LIFECYCLE, replay, type CreatedPayin } from './payins.service';
import type { CollectionConnector, IdentityPort } from './ports';

/**
 * Sandbox answers of the payer's bank (document them, decisions D6): the key `999999` is
 * refused (`collect_otp_failed`); a payer document `REJECT` is refused (`collect_rejected`).
 */
const SANDBOX_REFUSED_KEY = '999999';
const SANDBOX_REJECTED_DOCUMENT = 'REJECT';

/** Pull collections (spec §4 `/v1/payins/collect`): the payer's bank debits their account. */
export class CollectService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly identity: IdentityPort,
    private readonly connector: CollectionConnector,
  ) {}

  /** VE/VES `c2p` has no OTP route: the payer's bank issues the key. */
  async requestOtp(command: CollectPayinCommand): Promise<never> {
    await this.requireVerified(command.account_id);
    const corridor = readCollectCorridor(command.body);
    throw new DomainError(
      'invalid_request',
      `${corridor.method} takes the key the payer's bank issued in otp; there is no OTP route`,
    );
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
    const inserted = await this.payins.transaction((client) => this.payins.insert(client, payin));
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
  if (request.payer.document === SANDBOX_REJECTED_DOCUMENT)
    throw new DomainError('collect_rejected', "the payer's bank rejected the collection");
}
