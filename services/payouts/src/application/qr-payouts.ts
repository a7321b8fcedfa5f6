import { Injectable } from '@nestjs/common';
import {
  type ConfirmPayoutQrCommand,
  DomainError,
  IdempotencyKey,
  type PayoutCreatedReply,
  type ScannedQrReply,
} from '@platform/contracts';
import { Money } from '@platform/money';
import { decodePixQr } from '../domain/emv-qr';
import { maskAccount } from '../domain/payout-record';
import { requestFingerprint } from '../domain/payout-request';
import { PayoutCreation } from './payout-creation';

/** QR payouts: scan decodes without any debit; confirm creates the payout the QR describes. */
@Injectable()
export class QrPayouts {
  constructor(private readonly creation: PayoutCreation) {}

  scan(qr_payload: string): ScannedQrReply {
    const qr = decodePixQr(qr_payload);
    return {
      country: qr.country,
      currency: qr.currency,
      method: qr.method,
      beneficiary: { name: qr.beneficiary_name, account_number: maskAccount(qr.pix_key) },
      city: qr.city,
      amount: qr.amount,
      amount_required: qr.amount === null,
      reference: qr.reference,
    };
  }

  /**
   * `amount` is required for BR/BRL; when the QR fixes an amount, the request must repeat it
   * (`invalid_amount` otherwise), so the payer confirms what they saw.
   */
  confirm(
    command: ConfirmPayoutQrCommand,
    correlation_id: string | null,
  ): Promise<PayoutCreatedReply> {
    const key = IdempotencyKey.require(command.idempotency_key);
    const qr = decodePixQr(command.request.qr_payload);
    const amount = Money.parseInput(qr.currency, command.request.amount);
    if (qr.amount !== null && !amount.eq(Money.parse(qr.currency, qr.amount))) {
      throw new DomainError('invalid_amount', `the QR asks for ${qr.amount} ${qr.currency}`);
    }
    const fingerprint = requestFingerprint('qr', command.request);
    return this.creation.createFrom(
      { account_id: command.account_id, org_id: command.org_id, key },
      fingerprint,
      {
        country: qr.country,
        currency: qr.currency,
        method: qr.method,
        amount: amount.toString(),
        beneficiary: { name: qr.beneficiary_name, account_number: qr.pix_key },
        settlement_asset: command.request.settlement_asset,
        options: command.request.options,
      },
      correlation_id,
    );
  }
}
