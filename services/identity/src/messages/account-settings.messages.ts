import { Controller } from '@nestjs/common';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  type AccountQueryCommand,
  type ChangePasswordCommand,
  type ListOrgAccountsCommand,
  type ListOrgAdminSecurityEventsCommand,
  type ListOwnMailboxCommand,
  type OrganizationQueryCommand,
  type RequestEmailChangeCommand,
  type ResetPasswordWithLinkCommand,
  type RevokeAllOrgAdminSessionsCommand,
  type RevokeOrgAdminSessionCommand,
  type UpdateMemberCommand,
  type VerifyEmailChangeCommand,
  type VerifyOrgAdminSessionCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { AccountSettingsService } from '../application/account-settings.service';
import { EmailChangeService } from '../application/email-change.service';
import { MemberAdminService } from '../application/member-admin.service';
import { OrgAdminSessionsService } from '../application/org-admin-sessions.service';
import { PasswordChangeService } from '../application/password-change.service';
import { ResetLinkService } from '../application/reset-link.service';
import { SandboxMailboxService } from '../application/sandbox-mailbox.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Identity's door for account settings, organization admins and member administration. */
@Controller()
export class AccountSettingsMessages {
  constructor(
    private readonly settings: AccountSettingsService,
    private readonly org_admins: OrgAdminSessionsService,
    private readonly passwords: PasswordChangeService,
    private readonly reset_links: ResetLinkService,
    private readonly email_changes: EmailChangeService,
    private readonly member_admin: MemberAdminService,
    private readonly mailbox: SandboxMailboxService,
  ) {}

  @Handles(ACCOUNT_SETTINGS_COMMANDS.verify_org_admin_session)
  @ChangesNothing()
  verifyOrgAdminSession(query: VerifyOrgAdminSessionCommand) {
    return this.org_admins.verify(query.session_id, query.admin_id, query.generation);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.revoke_org_admin_session)
  revokeOrgAdminSession(command: RevokeOrgAdminSessionCommand) {
    return this.org_admins.revokeOne(command.admin_id, command.session_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.revoke_all_org_admin_sessions)
  revokeAllOrgAdminSessions(command: RevokeAllOrgAdminSessionsCommand) {
    return this.org_admins.revokeAll(command.admin_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.list_org_admin_security_events)
  @ChangesNothing()
  async listOrgAdminSecurityEvents(query: ListOrgAdminSecurityEventsCommand) {
    return {
      events: await this.org_admins.securityEvents(query.admin_id, query.limit, query.offset),
    };
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.list_org_accounts)
  @ChangesNothing()
  async listOrgAccounts(query: ListOrgAccountsCommand) {
    return {
      accounts: await this.org_admins.listAccounts(query.org_id, query.limit, query.offset),
    };
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.get_branding)
  @ChangesNothing()
  branding(query: AccountQueryCommand) {
    return this.settings.branding(query.account_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.get_org_branding)
  @ChangesNothing()
  organizationBranding(query: OrganizationQueryCommand) {
    return this.settings.organizationBranding(query.org_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.get_services)
  @ChangesNothing()
  services(query: AccountQueryCommand) {
    return this.settings.services(query.account_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.get_integration_status)
  @ChangesNothing()
  integrationStatus(query: AccountQueryCommand) {
    return this.settings.integrationStatus(query.account_id);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.change_password)
  changePassword(command: ChangePasswordCommand) {
    return this.passwords.change(command);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.reset_password_with_link)
  resetPasswordWithLink(command: ResetPasswordWithLinkCommand, context: BusContext) {
    return this.reset_links.reset(command, context.correlationId());
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.request_email_change)
  requestEmailChange(command: RequestEmailChangeCommand) {
    return this.email_changes.request(command);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.verify_email_change)
  verifyEmailChange(command: VerifyEmailChangeCommand) {
    return this.email_changes.verify(command);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.update_member)
  updateMember(command: UpdateMemberCommand) {
    return this.member_admin.update(command);
  }

  @Handles(ACCOUNT_SETTINGS_COMMANDS.list_own_mailbox)
  @ChangesNothing()
  listOwnMailbox(query: ListOwnMailboxCommand) {
    return this.mailbox.list(query);
  }
}
