import { Controller } from '@nestjs/common';
import { AVATAR_COMMANDS, type GetAvatarCommand, type SetAvatarCommand } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { AvatarsService } from '../application/avatars.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Account avatars. */
@Controller()
export class AvatarsMessages {
  constructor(private readonly avatars: AvatarsService) {}

  @Handles(AVATAR_COMMANDS.set_avatar)
  set(command: SetAvatarCommand) {
    return this.avatars.set(command);
  }

  @Handles(AVATAR_COMMANDS.get_avatar)
  @ChangesNothing()
  get(query: GetAvatarCommand) {
    return this.avatars.get(query);
  }
}
