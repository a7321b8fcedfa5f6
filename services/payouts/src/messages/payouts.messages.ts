import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  confirmPayoutQrCommand,
  createPayoutCommand,
  getPayoutCommand,
  getPayoutReceiptCommand,
  listPayoutsCommand,
  operatorPayoutCommand,
  parseCommand,
  PAYOUTS_COMMANDS,
  scanPayoutQrCommand,
  setOrgLimitsCommand,
  setOrgPricingCommand,
  uploadPayoutDocumentCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { PayoutCreation } from '../application/payout-creation';
import { PayoutLifecycle } from '../application/payout-lifecycle';
import { PayoutQueries } from '../application/payout-queries';
import { QrPayouts } from '../application/qr-payouts';
import { LimitsAndDocumentsRepository } from '../infrastructure/limits-and-documents.repository';

function correlationOf(context: BusContext): string | null {
  return context.getHeaders()['correlation-id'] ?? null;
}

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class PayoutsMessages {
  constructor(
    private readonly creation: PayoutCreation,
    private readonly lifecycle: PayoutLifecycle,
    private readonly queries: PayoutQueries,
    private readonly qr: QrPayouts,
    private readonly limits: LimitsAndDocumentsRepository,
  ) {}

  @MessagePattern('payouts.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'payouts', status: 'ok' };
  }

  /** Answers `{status, body}`: the HTTP status of the original create and its body. */
  @MessagePattern(PAYOUTS_COMMANDS.create_payout)
  create(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.creation.create(parseCommand(createPayoutCommand, payload), correlationOf(context));
  }

  @MessagePattern(PAYOUTS_COMMANDS.get_payout)
  get(@Payload() payload: unknown) {
    const command = parseCommand(getPayoutCommand, payload);
    return this.queries.get(command.account_id, command.payout_id);
  }

  @MessagePattern(PAYOUTS_COMMANDS.list_payouts)
  list(@Payload() payload: unknown) {
    return this.queries.list(parseCommand(listPayoutsCommand, payload));
  }

  @MessagePattern(PAYOUTS_COMMANDS.get_receipt)
  receipt(@Payload() payload: unknown) {
    return this.queries.receipt(parseCommand(getPayoutReceiptCommand, payload));
  }

  @MessagePattern(PAYOUTS_COMMANDS.upload_document)
  upload(@Payload() payload: unknown) {
    return this.queries.uploadDocument(parseCommand(uploadPayoutDocumentCommand, payload));
  }

  @MessagePattern(PAYOUTS_COMMANDS.scan_qr)
  scan(@Payload() payload: unknown) {
    return this.qr.scan(parseCommand(scanPayoutQrCommand, payload).qr_payload);
  }

  @MessagePattern(PAYOUTS_COMMANDS.confirm_qr)
  confirmQr(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.qr.confirm(parseCommand(confirmPayoutQrCommand, payload), correlationOf(context));
  }

  @MessagePattern(PAYOUTS_COMMANDS.confirm_manual)
  confirmManual(@Payload() payload: unknown) {
    return this.lifecycle.confirmManual(parseCommand(operatorPayoutCommand, payload).payout_id);
  }

  @MessagePattern(PAYOUTS_COMMANDS.reject_manual)
  rejectManual(@Payload() payload: unknown) {
    return this.lifecycle.rejectManual(parseCommand(operatorPayoutCommand, payload).payout_id);
  }

  @MessagePattern(PAYOUTS_COMMANDS.release_review)
  releaseReview(@Payload() payload: unknown) {
    return this.lifecycle.releaseReview(parseCommand(operatorPayoutCommand, payload).payout_id);
  }

  @MessagePattern(PAYOUTS_COMMANDS.reject_review)
  rejectReview(@Payload() payload: unknown) {
    return this.lifecycle.rejectReview(parseCommand(operatorPayoutCommand, payload).payout_id);
  }

  @MessagePattern(PAYOUTS_COMMANDS.set_org_limits)
  async setLimits(@Payload() payload: unknown) {
    const command = parseCommand(setOrgLimitsCommand, payload);
    await this.limits.setLimits(command.org_id, command.limits);
    return { org_id: command.org_id, ...command.limits };
  }

  @MessagePattern(PAYOUTS_COMMANDS.set_org_pricing)
  async setPricing(@Payload() payload: unknown) {
    const { org_id, pricing } = parseCommand(setOrgPricingCommand, payload);
    const { country, currency, fixed_fee_usd, percentage } = pricing;
    const corridor = country && currency ? { country, currency } : null;
    await this.limits.setPricing(org_id, corridor, { fixed_fee_usd, percentage });
    return { org_id, ...pricing };
  }
}
