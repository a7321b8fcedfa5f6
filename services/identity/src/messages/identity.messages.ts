import { Controller } from '@nestjs/common';
import {
  ACCOUNT_COMMANDS,
  HEALTH_COMMANDS,
  IDENTITY_COMMANDS,
  type AccountPageQuery,
  type AuthenticateApiKeyCommand,
  type BlockAccountCommand,
  type ConfirmRegistrationCommand,
  type CreateMemberCommand,
  type CreateOrganizationCommand,
  type CreateOrgAdminCommand,
  type ForgotPasswordCommand,
  type GetProfileCommand,
  type IssueApiKeyCommand,
  type ListOrgAdminsCommand,
  type LoginCommand,
  type RefreshSessionCommand,
  type RegisterAccountCommand,
  type ResetPasswordCommand,
  type RevokeAllSessionsCommand,
  type RevokeApiKeyCommand,
  type RevokeSessionCommand,
  type UnblockAccountCommand,
  type UpdateProfileCommand,
  type VerifySessionCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { AccountBlockService } from '../application/account-block.service';
import { ApiKeysService } from '../application/api-keys.service';
import { PasswordRecoveryService } from '../application/password-recovery.service';
import { MembersService } from '../application/members.service';
import { OrganizationsService } from '../application/organizations.service';
import { ProfileService } from '../application/profile.service';
import { RegistrationService } from '../application/registration.service';
import { SessionsService } from '../application/sessions.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Identity's door on the bus: organizations, accounts, members, API keys and sessions. */
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
    private readonly blocks: AccountBlockService,
  ) {}

  @Handles(HEALTH_COMMANDS.identity)
  @ChangesNothing()
  health() {
    return { service: 'identity', status: 'ok' as const };
  }

  @Handles(IDENTITY_COMMANDS.create_organization)
  createOrganization(command: CreateOrganizationCommand, context: BusContext) {
    return this.organizations.create(command, context.correlationId());
  }

  @Handles(IDENTITY_COMMANDS.list_organizations)
  @ChangesNothing()
  async listOrganizations() {
    return { organizations: await this.organizations.list() };
  }

  @Handles(IDENTITY_COMMANDS.create_org_admin)
  createOrgAdmin(command: CreateOrgAdminCommand) {
    return this.organizations.createAdmin(command);
  }

  @Handles(IDENTITY_COMMANDS.list_org_admins)
  @ChangesNothing()
  async listOrgAdmins(query: ListOrgAdminsCommand) {
    return { admins: await this.organizations.listAdmins(query.org) };
  }

  @Handles(IDENTITY_COMMANDS.block_account)
  blockAccount(command: BlockAccountCommand) {
    return this.blocks.block(command);
  }

  @Handles(IDENTITY_COMMANDS.unblock_account)
  unblockAccount(command: UnblockAccountCommand) {
    return this.blocks.unblock(command);
  }

  @Handles(ACCOUNT_COMMANDS.register_account)
  register(command: RegisterAccountCommand, context: BusContext) {
    return this.registration.register(command, context.correlationId());
  }

  @Handles(ACCOUNT_COMMANDS.confirm_registration)
  confirmRegistration(command: ConfirmRegistrationCommand, context: BusContext) {
    return this.registration.confirm(command, context.correlationId());
  }

  @Handles(ACCOUNT_COMMANDS.login)
  login(command: LoginCommand) {
    return this.sessions.login(command);
  }

  @Handles(ACCOUNT_COMMANDS.refresh_session)
  refresh(command: RefreshSessionCommand) {
    return this.sessions.refresh(command);
  }

  @Handles(ACCOUNT_COMMANDS.get_profile)
  @ChangesNothing()
  profile(query: GetProfileCommand) {
    return this.profiles.get(query.account_id);
  }

  @Handles(ACCOUNT_COMMANDS.issue_api_key)
  issueApiKey(command: IssueApiKeyCommand) {
    return this.api_keys.issue(command);
  }

  @Handles(ACCOUNT_COMMANDS.list_api_keys)
  @ChangesNothing()
  async listApiKeys(query: AccountPageQuery) {
    return { api_keys: await this.api_keys.list(query.account_id, query.limit, query.offset) };
  }

  @Handles(ACCOUNT_COMMANDS.revoke_api_key)
  revokeApiKey(command: RevokeApiKeyCommand) {
    return this.api_keys.revoke(command);
  }

  @Handles(ACCOUNT_COMMANDS.authenticate_api_key)
  @ChangesNothing()
  authenticateApiKey(query: AuthenticateApiKeyCommand) {
    return this.api_keys.authenticate(query.token);
  }

  @Handles(ACCOUNT_COMMANDS.verify_session)
  @ChangesNothing()
  verifySession(query: VerifySessionCommand) {
    return this.sessions.verify(query.session_id, query.generation);
  }

  @Handles(ACCOUNT_COMMANDS.list_security_events)
  @ChangesNothing()
  async listSecurityEvents(query: AccountPageQuery) {
    return {
      events: await this.sessions.securityEvents(query.account_id, query.limit, query.offset),
    };
  }

  @Handles(ACCOUNT_COMMANDS.revoke_session)
  revokeSession(command: RevokeSessionCommand) {
    return this.sessions.revokeOne(command);
  }

  @Handles(ACCOUNT_COMMANDS.revoke_all_sessions)
  revokeAllSessions(command: RevokeAllSessionsCommand) {
    return this.sessions.revokeAll(command);
  }

  @Handles(ACCOUNT_COMMANDS.update_profile)
  updateProfile(command: UpdateProfileCommand) {
    return this.profiles.update(command);
  }

  @Handles(ACCOUNT_COMMANDS.forgot_password)
  forgotPassword(command: ForgotPasswordCommand) {
    return this.recovery.forgot(command);
  }

  @Handles(ACCOUNT_COMMANDS.reset_password)
  resetPassword(command: ResetPasswordCommand, context: BusContext) {
    return this.recovery.reset(command, context.correlationId());
  }

  @Handles(ACCOUNT_COMMANDS.create_member)
  createMember(command: CreateMemberCommand) {
    return this.members.create(command);
  }

  @Handles(ACCOUNT_COMMANDS.list_members)
  @ChangesNothing()
  async listMembers(query: AccountPageQuery) {
    return { members: await this.members.list(query.account_id, query.limit, query.offset) };
  }
}
