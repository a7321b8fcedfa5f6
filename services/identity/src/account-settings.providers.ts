import { AccountSettingsService } from './application/account-settings.service';
import { EmailChangeService } from './application/email-change.service';
import { MemberAdminService } from './application/member-admin.service';
import { OrgAdminSessionsService } from './application/org-admin-sessions.service';
import { PasswordChangeService } from './application/password-change.service';
import { ResetLinkService } from './application/reset-link.service';
import { SandboxMailboxService } from './application/sandbox-mailbox.service';
import { AccountSettingsRepository } from './infrastructure/account-settings.repository';
import { EmailChangeRepository } from './infrastructure/email-change.repository';
import { MemberAdminRepository } from './infrastructure/member-admin.repository';
import { OrgAdminSessionsRepository } from './infrastructure/org-admin-sessions.repository';
import { PasswordChangeRepository } from './infrastructure/password-change.repository';
import { ResetLinkRepository } from './infrastructure/reset-link.repository';

/**
 * Account settings, organization admins' sessions, reset links, email change, member admin and
 * the sandbox mailbox.
 */
export const ACCOUNT_SETTINGS_PROVIDERS = [
  AccountSettingsRepository,
  AccountSettingsService,
  OrgAdminSessionsRepository,
  OrgAdminSessionsService,
  PasswordChangeRepository,
  PasswordChangeService,
  ResetLinkRepository,
  ResetLinkService,
  EmailChangeRepository,
  EmailChangeService,
  MemberAdminRepository,
  MemberAdminService,
  SandboxMailboxService,
];
