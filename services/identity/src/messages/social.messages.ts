import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  linkSocialIdentityCommand,
  listSocialIdentitiesCommand,
  parseCommand,
  SIGN_IN_COMMANDS,
  socialLoginCommand,
  unlinkSocialIdentityCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { SocialLoginService } from '../application/social-login.service';

/** Social login and linked identities on the bus. */
@Controller()
export class SocialMessages {
  constructor(private readonly social: SocialLoginService) {}

  @MessagePattern(SIGN_IN_COMMANDS.social_login)
  login(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.social.login(
      parseCommand(socialLoginCommand, payload),
      context.getHeaders()['correlation-id'] ?? null,
    );
  }

  @MessagePattern(SIGN_IN_COMMANDS.link_social_identity)
  link(@Payload() payload: unknown) {
    return this.social.link(parseCommand(linkSocialIdentityCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.list_social_identities)
  list(@Payload() payload: unknown) {
    return this.social.list(parseCommand(listSocialIdentitiesCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.unlink_social_identity)
  unlink(@Payload() payload: unknown) {
    return this.social.unlink(parseCommand(unlinkSocialIdentityCommand, payload));
  }
}
