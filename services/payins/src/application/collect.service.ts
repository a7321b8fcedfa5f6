import type { PoolClient } from 'pg';
import {
  DomainError,
  type CollectOtpSent,
  type CollectPayinCommand,
  type CreatedPayin,
} from '@platform/contracts';
import {
  COLLECT_OTP_TTL_MS,
  readCollectOtpRequest,
  readCollectRequest,
  type CollectOtpRequest,
  type CollectRequest,
} from '../domain/collect-request';
import { newPayin } from '../domain/payin-factory';
import { fingerprintOfCollect } from '../domain/payin-fingerprint';
import type { CollectOtpsRepository } from '../infrastructure/collect-otps.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { insertOnce, replayOf } from './create-once';
import { drawPayin } from './payin-draw';
import type { CollectionConnector, IdentityPort } from './ports';
import { requireVerified } from './verification-gate';

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
    await requireVerified(this.identity, command, 'collecting');
    return sendCollectOtp(this.connector, this.otps, command.account_id, command.body);
  }

  async collect(command: CollectPayinCommand): Promise<CreatedPayin> {
    await requireVerified(this.identity, command, 'collecting');
    const request = readCollectRequest(command.body);
    const fingerprint = fingerprintOfCollect(request);
    const replay = await replayOf(
      this.payins,
      command.account_id,
      request.idempotency_key,
      fingerprint,
    );
    if (replay) return replay;
    authorizeCollect(this.connector, request);
    const owner = { account_id: command.account_id, org_id: command.org_id };
    const payin = newPayin({ type: 'collect', owner, request }, drawPayin(), this.connector);
    return insertOnce(this.payins, payin, fingerprint, (client) =>
      consumeCollectOtp(this.otps, client, command.account_id, request),
    );
  }
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
