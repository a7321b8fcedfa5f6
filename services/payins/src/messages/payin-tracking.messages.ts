import { Controller } from '@nestjs/common';
import {
  TRACK_LINK_COMMANDS,
  type IssueTrackLinkCommand,
  type ViewTrackCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PayinTracking } from '../application/payin-tracking';

/** Track links of payins: issued to the owner, read by whoever holds the code. */
@Controller()
export class PayinTrackingMessages {
  constructor(private readonly tracking: PayinTracking) {}

  @Handles(TRACK_LINK_COMMANDS.issue_payin_track_link)
  issue(command: IssueTrackLinkCommand) {
    return this.tracking.issue(command);
  }

  @Handles(TRACK_LINK_COMMANDS.view_payin_track)
  view(query: ViewTrackCommand) {
    return this.tracking.view(query);
  }
}
