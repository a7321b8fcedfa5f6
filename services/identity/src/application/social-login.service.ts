import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type LinkedIdentity,
  type LinkSocialIdentityCommand,
  type ListSocialIdentitiesCommand,
  type MemberSession,
  type Organization,
  type OtpLoginRequired,
  type SocialLoginCommand,
  type SocialProvider,
  type UnlinkSocialIdentityCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { kycStatusOnConfirm } from '../domain/account';
import {
  assertNotLastLoginMethod,
  decidePasswordlessSignUp,
  fallbackNameOf,
  NO_PASSWORD_HASH,
  parseSocialProvider,
  type SocialIdentity,
} from '../domain/social-login';
import { AccountsRepository, type Member } from '../infrastructure/accounts.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { SocialIdentitiesRepository } from '../infrastructure/social-identities.repository';
import { SocialTokenVerifier } from '../infrastructure/social-token-verifier';
import { OtpLoginStarter } from './otp-login.starter';
import { SessionsService } from './sessions.service';

function emailConflict(): DomainError {
  return new DomainError(
    'email_conflict',
    'an account with this email already exists: sign in to it and link this provider from the account',
  );
}

/** A member found by its identity signs in only while active. */
function assertMaySignIn(member: Member): void {
  if (member.status !== 'active')
    throw new DomainError('member_disabled', 'this member cannot sign in');
}

/**
 * Social login by ID-token exchange (spec §5 rule 10). A known identity signs in. An unknown one
 * with a provider-verified email signs up a passwordless account; an email that already has an
 * account is never linked silently (`email_conflict`): its owner signs in and links the provider.
 */
@Injectable()
export class SocialLoginService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly identities: SocialIdentitiesRepository,
    private readonly verifier: SocialTokenVerifier,
    private readonly sessions: SessionsService,
    private readonly otp_login: OtpLoginStarter,
  ) {}

  /**
   * The token stands in for a password, so the organization's login OTP policy (spec §5 rule 5)
   * applies as it does to a password login: `otp_required` and a pending token instead.
   */
  async login(
    command: SocialLoginCommand,
    correlation_id: string | null,
  ): Promise<MemberSession | OtpLoginRequired> {
    const provider = parseSocialProvider(command.provider);
    const config = this.verifier.configOf(provider);
    const organization = await this.organizations.findBySlug(command.org);
    if (!organization) throw new DomainError('unknown_org', 'no organization has that slug');
    const identity = await this.verifier.verify(config, command.id_token);
    const known = await this.identities.memberByIdentity(
      organization.org_id,
      provider,
      identity.subject,
    );
    const member = known ?? (await this.signUp(organization, identity, command, correlation_id));
    assertMaySignIn(member);
    const now = new Date();
    const otp_required = await this.otp_login.begin(member, now);
    if (otp_required) return otp_required;
    return this.sessions.open(member, now, command.client ?? null);
  }

  private async signUp(
    organization: Organization,
    identity: SocialIdentity,
    command: SocialLoginCommand,
    correlation_id: string | null,
  ): Promise<Member> {
    const email = identity.verified_email;
    if (!email)
      throw new DomainError(
        'email_required',
        'the identity provider shared no verified email address; allow it and try again',
      );
    if (await this.accounts.findMember(organization.org_id, email)) throw emailConflict();
    const account = decidePasswordlessSignUp(command, fallbackNameOf(identity));
    const account_id = randomUUID();
    const member_id = randomUUID();
    const created = await this.identities.createPasswordlessAccount({
      account_id,
      member_id,
      org_id: organization.org_id,
      ...account,
      email,
      locale: organization.locale,
      kyc_status: kycStatusOnConfirm(this.context.environment),
      identity: { provider: identity.provider, subject: identity.subject, email },
      correlation_id,
    });
    // Lost a race with a registration of the same email, or with a twin of this sign-up.
    if (!created) {
      const twin = await this.identities.memberByIdentity(
        organization.org_id,
        identity.provider,
        identity.subject,
      );
      if (twin) return twin;
      throw emailConflict();
    }
    return {
      member_id,
      account_id,
      org_id: organization.org_id,
      email,
      password_hash: NO_PASSWORD_HASH,
      role: 'owner',
      status: 'active',
    };
  }

  /** Adds a provider identity to the signed-in member, which then signs in with it too. */
  async link(
    command: LinkSocialIdentityCommand,
  ): Promise<{ provider: SocialProvider; email: string | null }> {
    const member = await this.identities.signedInMember(command.actor, 'linked identities');
    const provider = parseSocialProvider(command.provider);
    const identity = await this.verifier.verify(this.verifier.configOf(provider), command.id_token);
    const outcome = await this.identities.link(member, {
      provider,
      subject: identity.subject,
      email: identity.verified_email,
    });
    switch (outcome) {
      case 'linked':
      case 'already_linked':
        return { provider, email: identity.verified_email };
      case 'identity_taken':
        throw new DomainError(
          'identity_taken',
          `this ${provider} identity already signs in to another account`,
        );
      case 'provider_taken':
        throw new DomainError(
          'duplicate',
          `another ${provider} identity is linked already: unlink it first`,
        );
      default: {
        const unhandled: never = outcome;
        throw new Error(`unknown link outcome ${String(unhandled)}`);
      }
    }
  }

  async list(command: ListSocialIdentitiesCommand): Promise<{ identities: LinkedIdentity[] }> {
    const member = await this.identities.signedInMember(command.actor, 'linked identities');
    return { identities: await this.identities.list(member.member_id) };
  }

  async unlink(
    command: UnlinkSocialIdentityCommand,
  ): Promise<{ provider: SocialProvider; deleted: true }> {
    const member = await this.identities.signedInMember(command.actor, 'linked identities');
    const provider = parseSocialProvider(command.provider);
    const unlinked = await this.identities.unlinkIf(
      member.member_id,
      provider,
      assertNotLastLoginMethod,
    );
    if (!unlinked) throw new DomainError('not_found', `no ${provider} identity is linked`);
    return { provider, deleted: true };
  }
}
