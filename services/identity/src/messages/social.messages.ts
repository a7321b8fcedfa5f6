import { Controller } from '@nestjs/common';
import {
  SIGN_IN_COMMANDS,
  type LinkSocialIdentityCommand,
  type ListSocialIdentitiesCommand,
  type SocialLoginCommand,
  type UnlinkSocialIdentityCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { SocialLoginService } from '../application/social-login.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Social login and linked identities on the bus. */
@Controller()
export class SocialMessages {
  constructor(private readonly social: SocialLoginService) {}

  @Handles(SIGN_IN_COMMANDS.social_login)
  login(command: SocialLoginCommand, context: BusContext) {
    return this.social.login(command, context.correlationId());
  }

  @Handles(SIGN_IN_COMMANDS.link_social_identity)
  link(command: LinkSocialIdentityCommand) {
    return this.social.link(command);
  }

  @Handles(SIGN_IN_COMMANDS.list_social_identities)
  @ChangesNothing()
  list(query: ListSocialIdentitiesCommand) {
    return this.social.list(query);
  }

  @Handles(SIGN_IN_COMMANDS.unlink_social_identity)
  unlink(command: UnlinkSocialIdentityCommand) {
    return this.social.unlink(command);
  }
}
