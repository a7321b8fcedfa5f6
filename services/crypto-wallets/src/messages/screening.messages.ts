import { Controller, Inject } from '@nestjs/common';
import { ADDRESS_SCREENING_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { ScreeningService } from '../application/screening.service';

type Commands = typeof ADDRESS_SCREENING_COMMANDS;

/** Address screening (decisions D9). */
@Controller()
export class ScreeningMessages {
  constructor(@Inject(ScreeningService) private readonly screening: ScreeningService) {}

  @Handles(ADDRESS_SCREENING_COMMANDS.screen)
  screen(request: CommandRequest<Commands['screen']>) {
    return this.screening.screen(request);
  }

  @Handles(ADDRESS_SCREENING_COMMANDS.list)
  list({ account_id, limit, offset }: CommandRequest<Commands['list']>) {
    return this.screening.list(account_id, limit, offset);
  }
}
