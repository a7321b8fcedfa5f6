import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  COMPLIANCE_COMMANDS,
  decideReviewCommand,
  parseCommand,
  screenPayoutCommand,
  setScreeningAvailabilityCommand,
} from '@platform/contracts';
import { PayoutReviews } from '../application/payout-reviews';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class ComplianceMessages {
  constructor(private readonly reviews: PayoutReviews) {}

  @MessagePattern('compliance.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'compliance', status: 'ok' };
  }

  @MessagePattern(COMPLIANCE_COMMANDS.screen_payout)
  screenPayout(@Payload() payload: unknown) {
    return this.reviews.screen(parseCommand(screenPayoutCommand, payload));
  }

  @MessagePattern(COMPLIANCE_COMMANDS.set_screening_availability)
  setScreeningAvailability(@Payload() payload: unknown) {
    const { available } = parseCommand(setScreeningAvailabilityCommand, payload);
    return this.reviews.setScreeningAvailability(available);
  }

  @MessagePattern(COMPLIANCE_COMMANDS.decide_review)
  decideReview(@Payload() payload: unknown) {
    return this.reviews.decide(parseCommand(decideReviewCommand, payload));
  }
}
