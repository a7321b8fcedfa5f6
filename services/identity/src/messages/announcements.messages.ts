import { Controller } from '@nestjs/common';
import {
  ANNOUNCEMENT_COMMANDS,
  type BroadcastAnnouncementCommand,
  type ListAnnouncementsCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { AnnouncementsService } from '../application/announcements.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Organization admins' announcements to their accounts. */
@Controller()
export class AnnouncementsMessages {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Handles(ANNOUNCEMENT_COMMANDS.broadcast_announcement)
  broadcast(command: BroadcastAnnouncementCommand, context: BusContext) {
    return this.announcements.broadcast(command, context.correlationId());
  }

  @Handles(ANNOUNCEMENT_COMMANDS.list_announcements)
  @ChangesNothing()
  list(query: ListAnnouncementsCommand) {
    return this.announcements.list(query);
  }
}
