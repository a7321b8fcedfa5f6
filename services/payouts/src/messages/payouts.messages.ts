import { Controller } from '@nestjs/common';
import {
  HEALTH_COMMANDS,
  PAYOUTS_COMMANDS,
  type ConfirmPayoutQrCommand,
  type CreatePayoutCommand,
  type GetPayoutCommand,
  type GetPayoutReceiptCommand,
  type ListPayoutsCommand,
  type OperatorPayoutCommand,
  type ScanPayoutQrCommand,
  type SeedDemoPayoutCommand,
  type SetOrgLimitsCommand,
  type SetOrgPricingCommand,
  type UploadPayoutDocumentCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { DemoPayouts } from '../application/demo-payouts';
import { PayoutCreation } from '../application/payout-creation';
import { PayoutLifecycle } from '../application/payout-lifecycle';
import { PayoutQueries } from '../application/payout-queries';
import { QrPayouts } from '../application/qr-payouts';
import { LimitsAndDocumentsRepository } from '../infrastructure/limits-and-documents.repository';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class PayoutsMessages {
  constructor(
    private readonly creation: PayoutCreation,
    private readonly lifecycle: PayoutLifecycle,
    private readonly queries: PayoutQueries,
    private readonly qr: QrPayouts,
    private readonly limits: LimitsAndDocumentsRepository,
    private readonly demo: DemoPayouts,
  ) {}

  @Handles(HEALTH_COMMANDS.payouts)
  health() {
    return { service: 'payouts', status: 'ok' as const };
  }

  /** The payout, and whether the request replayed an earlier one: the gateway answers 202. */
  @Handles(PAYOUTS_COMMANDS.create_payout)
  create(command: CreatePayoutCommand, context: BusContext) {
    return this.creation.create(command, context.correlationId());
  }

  @Handles(PAYOUTS_COMMANDS.get_payout)
  get(query: GetPayoutCommand) {
    return this.queries.get(query.account_id, query.payout_id);
  }

  @Handles(PAYOUTS_COMMANDS.list_payouts)
  list(query: ListPayoutsCommand) {
    return this.queries.list(query);
  }

  @Handles(PAYOUTS_COMMANDS.get_receipt)
  receipt(query: GetPayoutReceiptCommand) {
    return this.queries.receipt(query);
  }

  @Handles(PAYOUTS_COMMANDS.upload_document)
  upload(command: UploadPayoutDocumentCommand) {
    return this.queries.uploadDocument(command);
  }

  @Handles(PAYOUTS_COMMANDS.scan_qr)
  scan(query: ScanPayoutQrCommand) {
    return this.qr.scan(query.qr_payload);
  }

  @Handles(PAYOUTS_COMMANDS.confirm_qr)
  confirmQr(command: ConfirmPayoutQrCommand, context: BusContext) {
    return this.qr.confirm(command, context.correlationId());
  }

  @Handles(PAYOUTS_COMMANDS.confirm_manual)
  confirmManual(command: OperatorPayoutCommand) {
    return this.lifecycle.confirmManual(command.payout_id);
  }

  @Handles(PAYOUTS_COMMANDS.reject_manual)
  rejectManual(command: OperatorPayoutCommand) {
    return this.lifecycle.rejectManual(command.payout_id);
  }

  @Handles(PAYOUTS_COMMANDS.release_review)
  releaseReview(command: OperatorPayoutCommand) {
    return this.lifecycle.releaseReview(command.payout_id);
  }

  @Handles(PAYOUTS_COMMANDS.reject_review)
  rejectReview(command: OperatorPayoutCommand) {
    return this.lifecycle.rejectReview(command.payout_id);
  }

  /** One completed payout of a new test account's demo history (identity asks at confirm). */
  @Handles(PAYOUTS_COMMANDS.seed_demo_payout)
  seedDemoPayout(command: SeedDemoPayoutCommand) {
    return this.demo.seed(command);
  }

  @Handles(PAYOUTS_COMMANDS.set_org_limits)
  async setLimits(command: SetOrgLimitsCommand) {
    await this.limits.setLimits(command.org_id, command.limits);
    return { org_id: command.org_id, ...command.limits };
  }

  @Handles(PAYOUTS_COMMANDS.set_org_pricing)
  async setPricing({ org_id, pricing }: SetOrgPricingCommand) {
    const { country, currency, fixed_fee_usd, percentage } = pricing;
    const corridor = country && currency ? { country, currency } : null;
    await this.limits.setPricing(org_id, corridor, { fixed_fee_usd, percentage });
    return { org_id, ...pricing };
  }
}
