import { Controller, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import {
  COMPLIANCE_COMMANDS,
  PAYOUTS_COMMANDS,
  setOrgLimitsBody,
  setOrgPricingBody,
  setScreeningAvailabilityCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

const decisionBody = z.object({ reason: z.string().max(280).optional() }).strict();

/**
 * The operator's payout decisions (decisions D7): manual dispatch (EC/USD bank transfers and
 * every live payout), firewall reviews of held payouts, organization money-out limits and
 * payout pricing.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/payouts')
export class PayoutsAdminController {
  constructor(private readonly bus: BusClient) {}

  /** A manual payout was sent: completed. */
  @Post(':id/confirm')
  @HttpCode(200)
  @ApiReply(PAYOUTS_COMMANDS.confirm_manual)
  confirm(
    @Param('id') payout_id: string,
    @ValidatedBody(decisionBody) body: z.infer<typeof decisionBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.confirm_manual, { payout_id, ...body });
  }

  /** A manual payout could not be sent: failed, debit refunded. */
  @Post(':id/reject')
  @HttpCode(200)
  @ApiReply(PAYOUTS_COMMANDS.reject_manual)
  reject(
    @Param('id') payout_id: string,
    @ValidatedBody(decisionBody) body: z.infer<typeof decisionBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.reject_manual, { payout_id, ...body });
  }

  /**
   * A held payout's review is released at once: the operator's shortcut past the two approvals
   * of `POST /admin/v1/reviews/{id}/decision`. It is debited and dispatched.
   */
  @Post(':id/review/release')
  @HttpCode(200)
  @ApiReply(PAYOUTS_COMMANDS.release_review)
  release(
    @Param('id') payout_id: string,
    @ValidatedBody(decisionBody) body: z.infer<typeof decisionBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.release_review, { payout_id, ...body });
  }

  /** A held payout's review is rejected at once: failed before any debit. */
  @Post(':id/review/reject')
  @HttpCode(200)
  @ApiReply(PAYOUTS_COMMANDS.reject_review)
  rejectReview(
    @Param('id') payout_id: string,
    @ValidatedBody(decisionBody) body: z.infer<typeof decisionBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.reject_review, { payout_id, ...body });
  }

  /** Payout screening available or not (an outage drill); overrides COMPLIANCE_SCREENING. */
  @Put('screening')
  @ApiReply(COMPLIANCE_COMMANDS.set_screening_availability)
  screening(
    @ValidatedBody(setScreeningAvailabilityCommand)
    body: z.infer<typeof setScreeningAvailabilityCommand>,
  ) {
    return this.bus.send(COMPLIANCE_COMMANDS.set_screening_availability, body);
  }

  /** Money-out limits of an organization in USD; null (or absent) turns a limit off. */
  @Put('limits/:org_id')
  @ApiReply(PAYOUTS_COMMANDS.set_org_limits)
  limits(
    @Param('org_id') org_id: string,
    @ValidatedBody(setOrgLimitsBody) body: z.infer<typeof setOrgLimitsBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.set_org_limits, { org_id, limits: body });
  }

  /**
   * Payout pricing of an organization (D6), or of one of its corridors with `country` and
   * `currency`: `fixed_fee_usd` plus `percentage` percent of the payout's USD value.
   */
  @Put('pricing/:org_id')
  @ApiReply(PAYOUTS_COMMANDS.set_org_pricing)
  pricing(
    @Param('org_id') org_id: string,
    @ValidatedBody(setOrgPricingBody) body: z.infer<typeof setOrgPricingBody>,
  ) {
    return this.bus.send(PAYOUTS_COMMANDS.set_org_pricing, { org_id, pricing: body });
  }
}
