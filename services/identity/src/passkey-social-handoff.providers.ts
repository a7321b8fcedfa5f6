import type { Provider, Type } from '@nestjs/common';
import { HandoffService } from './application/handoff.service';
import { PasskeysService } from './application/passkeys.service';
import { SocialLoginService } from './application/social-login.service';
import { HandoffTokens } from './infrastructure/handoff-tokens';
import { PasskeysRepository } from './infrastructure/passkeys.repository';
import { SocialIdentitiesRepository } from './infrastructure/social-identities.repository';
import { SocialTokenVerifier } from './infrastructure/social-token-verifier';
import { HandoffMessages } from './messages/handoff.messages';
import { PasskeysMessages } from './messages/passkeys.messages';
import { SocialMessages } from './messages/social.messages';

/** Passwordless sign-in methods: passkeys, social login, environment handoff. */
export const SIGN_IN_METHOD_CONTROLLERS: Type[] = [
  PasskeysMessages,
  SocialMessages,
  HandoffMessages,
];

export const SIGN_IN_METHOD_PROVIDERS: Provider[] = [
  PasskeysRepository,
  SocialIdentitiesRepository,
  SocialTokenVerifier,
  HandoffTokens,
  PasskeysService,
  SocialLoginService,
  HandoffService,
];
