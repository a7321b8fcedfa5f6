import { Module } from '@nestjs/common';
import { HandoffController } from './handoff.controller';
import { MyPasskeysController, PasskeyLoginController } from './passkeys.controller';
import { MyIdentitiesController, SocialLoginController } from './social.controller';

/** Passwordless sign-in: passkeys, social login and the environment handoff. */
@Module({
  controllers: [
    MyPasskeysController,
    PasskeyLoginController,
    SocialLoginController,
    MyIdentitiesController,
    HandoffController,
  ],
})
export class SignInMethodsModule {}
