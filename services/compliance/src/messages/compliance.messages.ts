import { Controller } from '@nestjs/common';
import {
  COMPLIANCE_COMMANDS,
  HEALTH_COMMANDS,
  type DecideReviewCommand,
  type ScreenPayoutCommand,
  type SetScreeningAvailabilityCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PayoutReviews } from '../application/payout-reviews';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class ComplianceMessages {
  constructor(private readonly reviews: PayoutReviews) {}

  @Handles(HEALTH_COMMANDS.compliance)
  health() {
    return { service: 'compliance', status: 'ok' as const };
  }

  @Handles(COMPLIANCE_COMMANDS.screen_payout)
  screenPayout(command: ScreenPayoutCommand) {
    return this.reviews.screen(command);
  }

  @Handles(COMPLIANCE_COMMANDS.set_screening_availability)
  setScreeningAvailability(command: SetScreeningAvailabilityCommand) {
    return this.reviews.setScreeningAvailability(command.available);
  }

  @Handles(COMPLIANCE_COMMANDS.decide_review)
  decideReview(command: DecideReviewCommand) {
    return this.reviews.decide(command);
  }
}
