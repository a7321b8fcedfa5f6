import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  busClientProviders,
  type PlatformContext,
  SERVICE_POOL,
  ServiceDatabaseModule,
  type ServiceDefinition,
} from '@platform/runtime';
import { ApiKeysService } from './application/api-keys.service';
import { MembersService } from './application/members.service';
import { OrganizationsService } from './application/organizations.service';
import { PasswordRecoveryService } from './application/password-recovery.service';
import { ProfileService } from './application/profile.service';
import { RegistrationService } from './application/registration.service';
import { SessionsService } from './application/sessions.service';
import { AccountsRepository } from './infrastructure/accounts.repository';
import { ApiKeysRepository } from './infrastructure/api-keys.repository';
import { IdentityLifecycle } from './infrastructure/identity-lifecycle';
import { IDENTITY_EVENTS, openIdentityEventStore } from './infrastructure/identity-store';
import { OrgAdminsRepository } from './infrastructure/org-admins.repository';
import { MembersRepository } from './infrastructure/members.repository';
import { OrganizationsRepository } from './infrastructure/organizations.repository';
import { PasswordResetsRepository } from './infrastructure/password-resets.repository';
import { SessionSigner } from './infrastructure/session-signer';
import { SessionsRepository } from './infrastructure/sessions.repository';
import { IdentityMessages } from './messages/identity.messages';
import { OrgSettingsMessages } from './messages/org-settings.messages';
import { RecipientsMessages } from './messages/recipients.messages';
import { OtpChallengesService } from './application/otp-challenges.service';
import { OtpCodes } from './application/otp-codes';
import { OtpLoginService } from './application/otp-login.service';
import { OtpLoginStarter } from './application/otp-login.starter';
import { OtpSettingsService } from './application/otp-settings.service';
import { TotpService } from './application/totp.service';
import { OtpChallengesRepository } from './infrastructure/otp-challenges.repository';
import { OtpPolicyRepository } from './infrastructure/otp-policy.repository';
import { PhoneVerificationsRepository } from './infrastructure/phone-verifications.repository';
import { PhoneVerificationService } from './application/phone-verification.service';
import { TotpEnrollmentsRepository } from './infrastructure/totp-enrollments.repository';
import { TotpSecrets } from './infrastructure/totp-secrets';
import { OtpMessages } from './messages/otp.messages';
import { AccountSettingsMessages } from './messages/account-settings.messages';
import { ACCOUNT_SETTINGS_PROVIDERS } from './account-settings.providers';
import {
  IDENTITY_SETTINGS,
  identitySettingsSchema,
  type IdentitySettings,
} from './identity.settings';
import {
  SIGN_IN_METHOD_CONTROLLERS,
  SIGN_IN_METHOD_PROVIDERS,
} from './passkey-social-handoff.providers';

/** Organizations, accounts, credentials and sessions. */
@Module({})
export class IdentityModule {
  static forRuntime(context: PlatformContext, settings: IdentitySettings): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forService('identity', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
        }),
      ],
      controllers: [
        OtpMessages,
        IdentityMessages,
        AccountSettingsMessages,
        OrgSettingsMessages,
        RecipientsMessages,
        ...SIGN_IN_METHOD_CONTROLLERS,
      ],
      providers: [
        { provide: IDENTITY_SETTINGS, useValue: settings },
        {
          provide: IDENTITY_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openIdentityEventStore(pool, context.environment),
        },
        OrganizationsRepository,
        OrgAdminsRepository,
        OrganizationsService,
        IdentityLifecycle,
        ...busClientProviders(context),
        AccountsRepository,
        SessionsRepository,
        SessionSigner,
        SessionsService,
        RegistrationService,
        ProfileService,
        ApiKeysRepository,
        ApiKeysService,
        PasswordResetsRepository,
        PasswordRecoveryService,
        MembersRepository,
        MembersService,
        ...[OtpPolicyRepository, OtpChallengesRepository, TotpEnrollmentsRepository, TotpSecrets],
        ...[OtpCodes, OtpLoginStarter, OtpChallengesService, OtpSettingsService, TotpService],
        ...[PhoneVerificationsRepository, PhoneVerificationService],
        OtpLoginService,
        ...ACCOUNT_SETTINGS_PROVIDERS,
        ...SIGN_IN_METHOD_PROVIDERS,
      ],
    };
  }
}

export const identityService: ServiceDefinition<typeof identitySettingsSchema> = {
  name: 'identity',
  settings: identitySettingsSchema,
  module: (context, settings) => IdentityModule.forRuntime(context, settings),
};
