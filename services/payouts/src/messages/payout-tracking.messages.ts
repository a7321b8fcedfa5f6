import { Controller } from '@nestjs/common';
import {
  TRACK_LINK_COMMANDS,
  type IssueTrackLinkCommand,
  type ViewTrackCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PayoutTracking } from '../application/payout-tracking';

/** Track links of payouts: issued to the owner, read by whoever holds the code. */
@Controller()
export class PayoutTrackingMessages {
  constructor(private readonly tracking: PayoutTracking) {}

  @Handles(TRACK_LINK_COMMANDS.issue_payout_track_link)
  issue(command: IssueTrackLinkCommand) {
    return this.tracking.issue(command);
  }

  @Handles(TRACK_LINK_COMMANDS.view_payout_track)
  view(query: ViewTrackCommand) {
    return this.tracking.view(query);
  }
}
