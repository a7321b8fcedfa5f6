import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  accountQueryCommand,
  changePasswordCommand,
  listOrgAccountsCommand,
  listOrgAdminSecurityEventsCommand,
  listOwnMailboxCommand,
  organizationQueryCommand,
  parseCommand,
  requestEmailChangeCommand,
  resetPasswordWithLinkCommand,
  updateMemberCommand,
  verifyEmailChangeCommand,
  verifyOrgAdminSessionCommand,
  revokeOrgAdminSessionCommand,
  revokeAllOrgAdminSessionsCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { AccountSettingsService } from '../application/account-settings.service';
import { EmailChangeService } from '../application/email-change.service';
import { MemberAdminService } from '../application/member-admin.service';
import { OrgAdminSessionsService } from '../application/org-admin-sessions.service';
import { PasswordChangeService } from '../application/password-change.service';
import { ResetLinkService } from '../application/reset-link.service';
import { SandboxMailboxService } from '../application/sandbox-mailbox.service';

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

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.verify_org_admin_session)
  verifyOrgAdminSession(@Payload() payload: unknown) {
    const request = parseCommand(verifyOrgAdminSessionCommand, payload);
    return this.org_admins.verify(request.session_id, request.admin_id, request.generation);
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.revoke_org_admin_session)
  revokeOrgAdminSession(@Payload() payload: unknown) {
    const request = parseCommand(revokeOrgAdminSessionCommand, payload);
    return this.org_admins.revokeOne(request.admin_id, request.session_id);
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.revoke_all_org_admin_sessions)
  revokeAllOrgAdminSessions(@Payload() payload: unknown) {
    return this.org_admins.revokeAll(
      parseCommand(revokeAllOrgAdminSessionsCommand, payload).admin_id,
    );
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.list_org_admin_security_events)
  async listOrgAdminSecurityEvents(@Payload() payload: unknown) {
    const request = parseCommand(listOrgAdminSecurityEventsCommand, payload);
    return {
      events: await this.org_admins.securityEvents(request.admin_id, request.limit, request.offset),
    };
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.list_org_accounts)
  async listOrgAccounts(@Payload() payload: unknown) {
    const request = parseCommand(listOrgAccountsCommand, payload);
    return {
      accounts: await this.org_admins.listAccounts(request.org_id, request.limit, request.offset),
    };
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.get_branding)
  branding(@Payload() payload: unknown) {
    return this.settings.branding(parseCommand(accountQueryCommand, payload).account_id);
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.get_org_branding)
  organizationBranding(@Payload() payload: unknown) {
    return this.settings.organizationBranding(
      parseCommand(organizationQueryCommand, payload).org_id,
    );
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.get_services)
  services(@Payload() payload: unknown) {
    return this.settings.services(parseCommand(accountQueryCommand, payload).account_id);
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.get_integration_status)
  integrationStatus(@Payload() payload: unknown) {
    return this.settings.integrationStatus(parseCommand(accountQueryCommand, payload).account_id);
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.change_password)
  changePassword(@Payload() payload: unknown) {
    return this.passwords.change(parseCommand(changePasswordCommand, payload));
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.reset_password_with_link)
  resetPasswordWithLink(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.reset_links.reset(
      parseCommand(resetPasswordWithLinkCommand, payload),
      context.getHeaders()['correlation-id'] ?? null,
    );
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.request_email_change)
  requestEmailChange(@Payload() payload: unknown) {
    return this.email_changes.request(parseCommand(requestEmailChangeCommand, payload));
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.verify_email_change)
  verifyEmailChange(@Payload() payload: unknown) {
    return this.email_changes.verify(parseCommand(verifyEmailChangeCommand, payload));
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.update_member)
  updateMember(@Payload() payload: unknown) {
    return this.member_admin.update(parseCommand(updateMemberCommand, payload));
  }

  @MessagePattern(ACCOUNT_SETTINGS_COMMANDS.list_own_mailbox)
  listOwnMailbox(@Payload() payload: unknown) {
    return this.mailbox.list(parseCommand(listOwnMailboxCommand, payload));
  }
}
