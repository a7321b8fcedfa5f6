import { Module } from '@nestjs/common';
import { AccountInfoController } from './account-info.controller';
import { EmailChangeController } from './email.controller';
import { MailboxController } from './mailbox.controller';
import { MemberAdminController } from './member-admin.controller';
import { OrgAccountsController } from './org-accounts.controller';
import { PasswordChangeController, ResetLinkController } from './password.controller';
import { TrackLinkController } from './track-link.controller';
import { OrgAnnouncementsController } from './org-announcements.controller';
import { AvatarController } from './avatar.controller';

/**
 * Account settings of the public API: branding, services, integration status, the sandbox
 * mailbox, password change and reset link, email change, member administration and the
 * organization admins' accounts listing. Mounted inside PublicApiModule, behind its guards.
 */
@Module({
  controllers: [
    AccountInfoController,
    MailboxController,
    PasswordChangeController,
    ResetLinkController,
    EmailChangeController,
    MemberAdminController,
    OrgAccountsController,
    TrackLinkController,
    OrgAnnouncementsController,
    AvatarController,
  ],
})
export class AccountModule {}
