import path from 'node:path';
import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Pool } from 'pg';
import {
  busClientProviders,
  eventRelayProvider,
  openObjectStore,
  openTransferArea,
  type PlatformContext,
  SERVICE_POOL,
  TRANSFER_AREA,
  ServiceDatabaseModule,
  type ServiceDefinition,
} from '@platform/runtime';
import { AccountSettingsService } from './application/account-settings.service';
import { ApiKeysService } from './application/api-keys.service';
import { EmailChangeService } from './application/email-change.service';
import { HandoffService } from './application/handoff.service';
import { AccountBlockService } from './application/account-block.service';
import { MemberAdminService } from './application/member-admin.service';
import { MembersService } from './application/members.service';
import { OrgAdminSessionsService } from './application/org-admin-sessions.service';
import { OrganizationsService } from './application/organizations.service';
import { OtpChallengesService } from './application/otp-challenges.service';
import { OtpCodes } from './application/otp-codes';
import { OtpLoginService } from './application/otp-login.service';
import { OtpLoginStarter } from './application/otp-login.starter';
import { OtpSettingsService } from './application/otp-settings.service';
import { PasskeysService } from './application/passkeys.service';
import { PasswordChangeService } from './application/password-change.service';
import { PasswordRecoveryService } from './application/password-recovery.service';
import { PhoneVerificationService } from './application/phone-verification.service';
import { DemoHistoryPort, NotificationsPort } from './application/ports';
import { ProfileService } from './application/profile.service';
import { RegistrationService } from './application/registration.service';
import { ResetLinkService } from './application/reset-link.service';
import { SandboxMailboxService } from './application/sandbox-mailbox.service';
import { SessionsService } from './application/sessions.service';
import { SocialLoginService } from './application/social-login.service';
import { TotpService } from './application/totp.service';
import { AccountSettingsRepository } from './infrastructure/account-settings.repository';
import { AccountsRepository } from './infrastructure/accounts.repository';
import { ApiKeysRepository } from './infrastructure/api-keys.repository';
import { BusDemoHistoryPort, BusNotificationsPort } from './infrastructure/bus-ports';
import { DirectoryRepository } from './infrastructure/directory.repository';
import { identityReadsProvider } from './infrastructure/identity-reads';
import { ForgetReadsAfterChanges } from './messages/forget-reads.interceptor';
import { EmailChangeRepository } from './infrastructure/email-change.repository';
import { HandoffTokens } from './infrastructure/handoff-tokens';
import { IdentityLifecycle } from './infrastructure/identity-lifecycle';
import { IDENTITY_EVENTS, openIdentityEventStore } from './infrastructure/identity-store';
// organization announcements (issue 18)
import { AnnouncementsService } from './application/announcements.service';
import { AnnouncementsRepository } from './infrastructure/announcements.repository';
import { AnnouncementsMessages } from './messages/announcements.messages';
// account avatars (issue 18)
import { AVATAR_STORAGE, AvatarsService } from './application/avatars.service';
import { AvatarsRepository } from './infrastructure/avatars.repository';
import { AvatarsMessages } from './messages/avatars.messages';
// contacts (issue 18)
import { ContactsService } from './application/contacts.service';
import { ContactsRepository } from './infrastructure/contacts.repository';
import { ContactsMessages } from './messages/contacts.messages';
import { AccountBlocksRepository } from './infrastructure/account-blocks.repository';
import { MemberAdminRepository } from './infrastructure/member-admin.repository';
import { MembersRepository } from './infrastructure/members.repository';
import { OrgAdminSessionsRepository } from './infrastructure/org-admin-sessions.repository';
import { OrgAdminsRepository } from './infrastructure/org-admins.repository';
import { OrganizationsRepository } from './infrastructure/organizations.repository';
import { OtpChallengesRepository } from './infrastructure/otp-challenges.repository';
import { OtpPolicyRepository } from './infrastructure/otp-policy.repository';
import { PasskeysRepository } from './infrastructure/passkeys.repository';
import { PasswordChangeRepository } from './infrastructure/password-change.repository';
import { PasswordResetsRepository } from './infrastructure/password-resets.repository';
import { PhoneVerificationsRepository } from './infrastructure/phone-verifications.repository';
import { ResetLinkRepository } from './infrastructure/reset-link.repository';
import { SessionSigner } from './infrastructure/session-signer';
import { SessionsRepository } from './infrastructure/sessions.repository';
import { SocialIdentitiesRepository } from './infrastructure/social-identities.repository';
import { SocialTokenVerifier } from './infrastructure/social-token-verifier';
import { TotpEnrollmentsRepository } from './infrastructure/totp-enrollments.repository';
import { TotpSecrets } from './infrastructure/totp-secrets';
import { AccountSettingsMessages } from './messages/account-settings.messages';
import { DirectoryMessages } from './messages/directory.messages';
import { HandoffMessages } from './messages/handoff.messages';
import { IdentityMessages } from './messages/identity.messages';
import { OtpMessages } from './messages/otp.messages';
import { PasskeysMessages } from './messages/passkeys.messages';
import { SocialMessages } from './messages/social.messages';
import { VerificationMessages } from './messages/verification.messages';
import { VerificationSubjectsRepository } from './infrastructure/verification-subjects.repository';

import {
  IDENTITY_SETTINGS,
  identitySettingsSchema,
  type IdentitySettings,
} from './identity.settings';

/** The bus handlers: identity's only door. */
const MESSAGES: Type[] = [
  IdentityMessages,
  AccountSettingsMessages,
  OtpMessages,
  PasskeysMessages,
  SocialMessages,
  HandoffMessages,
  DirectoryMessages,
  VerificationMessages,
  AnnouncementsMessages,
  AvatarsMessages,
  ContactsMessages,
];

/**
 * One wiring style: every class is `@Injectable` and gets what it needs by constructor
 * injection. Application code depends on ports (abstract classes) for other services; the bus
 * implementations of those ports live in infrastructure.
 */
const APPLICATION: Provider[] = [
  OrganizationsService,
  RegistrationService,
  SessionsService,
  ProfileService,
  ApiKeysService,
  PasswordRecoveryService,
  MembersService,
  OtpCodes,
  OtpLoginStarter,
  OtpChallengesService,
  OtpSettingsService,
  OtpLoginService,
  TotpService,
  PhoneVerificationService,
  AccountSettingsService,
  OrgAdminSessionsService,
  PasswordChangeService,
  ResetLinkService,
  EmailChangeService,
  MemberAdminService,
  AccountBlockService,
  SandboxMailboxService,
  PasskeysService,
  SocialLoginService,
  HandoffService,
  AnnouncementsService,
  AvatarsService,
  ContactsService,
];

const INFRASTRUCTURE: Provider[] = [
  { provide: NotificationsPort, useClass: BusNotificationsPort },
  { provide: DemoHistoryPort, useClass: BusDemoHistoryPort },
  IdentityLifecycle,
  identityReadsProvider,
  { provide: APP_INTERCEPTOR, useClass: ForgetReadsAfterChanges },
  eventRelayProvider({ service: 'identity', store: IDENTITY_EVENTS }),
  OrganizationsRepository,
  OrgAdminsRepository,
  AccountsRepository,
  AccountBlocksRepository,
  VerificationSubjectsRepository,
  SessionsRepository,
  SessionSigner,
  ApiKeysRepository,
  PasswordResetsRepository,
  MembersRepository,
  DirectoryRepository,
  OtpPolicyRepository,
  OtpChallengesRepository,
  TotpEnrollmentsRepository,
  TotpSecrets,
  PhoneVerificationsRepository,
  AccountSettingsRepository,
  OrgAdminSessionsRepository,
  PasswordChangeRepository,
  ResetLinkRepository,
  EmailChangeRepository,
  MemberAdminRepository,
  PasskeysRepository,
  SocialIdentitiesRepository,
  SocialTokenVerifier,
  HandoffTokens,
  AnnouncementsRepository,
  AvatarsRepository,
  ContactsRepository,
];

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
      controllers: MESSAGES,
      providers: [
        ...busClientProviders(context),
        { provide: IDENTITY_SETTINGS, useValue: settings },
        {
          provide: IDENTITY_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openIdentityEventStore(pool, context.environment),
        },
        { provide: TRANSFER_AREA, useValue: openTransferArea(context) },
        { provide: AVATAR_STORAGE, useValue: openObjectStore(context) },
        ...INFRASTRUCTURE,
        ...APPLICATION,
      ],
    };
  }
}

export const identityService: ServiceDefinition<typeof identitySettingsSchema> = {
  name: 'identity',
  settings: identitySettingsSchema,
  module: (context, settings) => IdentityModule.forRuntime(context, settings),
};
