import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ACCOUNT_COMMANDS,
  authenticateApiKeyCommand,
  issueApiKeyCommand,
  listApiKeysCommand,
  listSecurityEventsCommand,
  revokeAllSessionsCommand,
  revokeApiKeyCommand,
  revokeSessionCommand,
  createMemberCommand,
  listMembersCommand,
  forgotPasswordCommand,
  resetPasswordCommand,
  updateProfileCommand,
  verifySessionCommand,
  confirmRegistrationCommand,
  createOrganizationCommand,
  getProfileCommand,
  loginCommand,
  refreshSessionCommand,
  registerAccountCommand,
  createOrgAdminCommand,
  IDENTITY_COMMANDS,
  listOrgAdminsCommand,
  parseCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { ApiKeysService } from '../application/api-keys.service';
import { PasswordRecoveryService } from '../application/password-recovery.service';
import { MembersService } from '../application/members.service';
import { OrganizationsService } from '../application/organizations.service';
import { ProfileService } from '../application/profile.service';
import { RegistrationService } from '../application/registration.service';
import { SessionsService } from '../application/sessions.service';

function correlationOf(context: BusContext): string | null {
  return context.getHeaders()['correlation-id'] ?? null;
}

/** Identity's door on the bus. */
@Controller()
export class IdentityMessages {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly registration: RegistrationService,
    private readonly sessions: SessionsService,
    private readonly profiles: ProfileService,
    private readonly api_keys: ApiKeysService,
    private readonly recovery: PasswordRecoveryService,
    private readonly members: MembersService,
  ) {}

  @MessagePattern('identity.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'identity', status: 'ok' };
  }

  @MessagePattern(IDENTITY_COMMANDS.create_organization)
  createOrganization(@Payload() payload: unknown, @Ctx() context: BusContext) {
    const correlation_id = context.getHeaders()['correlation-id'] ?? null;
    return this.organizations.create(
      parseCommand(createOrganizationCommand, payload),
      correlation_id,
    );
  }

  @MessagePattern(IDENTITY_COMMANDS.list_organizations)
  async listOrganizations() {
    return { organizations: await this.organizations.list() };
  }

  @MessagePattern(IDENTITY_COMMANDS.create_org_admin)
  createOrgAdmin(@Payload() payload: unknown) {
    return this.organizations.createAdmin(parseCommand(createOrgAdminCommand, payload));
  }

  @MessagePattern(IDENTITY_COMMANDS.list_org_admins)
  async listOrgAdmins(@Payload() payload: unknown) {
    return {
      admins: await this.organizations.listAdmins(parseCommand(listOrgAdminsCommand, payload).org),
    };
  }

  @MessagePattern(ACCOUNT_COMMANDS.register_account)
  register(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.registration.register(
      parseCommand(registerAccountCommand, payload),
      correlationOf(context),
    );
  }

  @MessagePattern(ACCOUNT_COMMANDS.confirm_registration)
  confirmRegistration(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.registration.confirm(
      parseCommand(confirmRegistrationCommand, payload),
      correlationOf(context),
    );
  }

  @MessagePattern(ACCOUNT_COMMANDS.login)
  login(@Payload() payload: unknown) {
    return this.sessions.login(parseCommand(loginCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.refresh_session)
  refresh(@Payload() payload: unknown) {
    return this.sessions.refresh(parseCommand(refreshSessionCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.get_profile)
  profile(@Payload() payload: unknown) {
    return this.profiles.get(parseCommand(getProfileCommand, payload).account_id);
  }

  @MessagePattern(ACCOUNT_COMMANDS.issue_api_key)
  issueApiKey(@Payload() payload: unknown) {
    return this.api_keys.issue(parseCommand(issueApiKeyCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.list_api_keys)
  async listApiKeys(@Payload() payload: unknown) {
    const request = parseCommand(listApiKeysCommand, payload);
    return {
      api_keys: await this.api_keys.list(request.account_id, request.limit, request.offset),
    };
  }

  @MessagePattern(ACCOUNT_COMMANDS.revoke_api_key)
  revokeApiKey(@Payload() payload: unknown) {
    return this.api_keys.revoke(parseCommand(revokeApiKeyCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.authenticate_api_key)
  authenticateApiKey(@Payload() payload: unknown) {
    return this.api_keys.authenticate(parseCommand(authenticateApiKeyCommand, payload).token);
  }

  @MessagePattern(ACCOUNT_COMMANDS.verify_session)
  verifySession(@Payload() payload: unknown) {
    const request = parseCommand(verifySessionCommand, payload);
    return this.sessions.verify(request.session_id, request.generation);
  }

  @MessagePattern(ACCOUNT_COMMANDS.list_security_events)
  async listSecurityEvents(@Payload() payload: unknown) {
    const request = parseCommand(listSecurityEventsCommand, payload);
    return {
      events: await this.sessions.securityEvents(request.account_id, request.limit, request.offset),
    };
  }

  @MessagePattern(ACCOUNT_COMMANDS.revoke_session)
  revokeSession(@Payload() payload: unknown) {
    return this.sessions.revokeOne(parseCommand(revokeSessionCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.revoke_all_sessions)
  revokeAllSessions(@Payload() payload: unknown) {
    return this.sessions.revokeAll(parseCommand(revokeAllSessionsCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.update_profile)
  updateProfile(@Payload() payload: unknown) {
    return this.profiles.update(parseCommand(updateProfileCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.forgot_password)
  forgotPassword(@Payload() payload: unknown) {
    return this.recovery.forgot(parseCommand(forgotPasswordCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.reset_password)
  resetPassword(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.recovery.reset(parseCommand(resetPasswordCommand, payload), correlationOf(context));
  }

  @MessagePattern(ACCOUNT_COMMANDS.create_member)
  createMember(@Payload() payload: unknown) {
    return this.members.create(parseCommand(createMemberCommand, payload));
  }

  @MessagePattern(ACCOUNT_COMMANDS.list_members)
  async listMembers(@Payload() payload: unknown) {
    const request = parseCommand(listMembersCommand, payload);
    return { members: await this.members.list(request.account_id, request.limit, request.offset) };
  }
}
