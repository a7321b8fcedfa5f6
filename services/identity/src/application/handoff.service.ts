import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type IssueEnvironmentHandoffCommand,
  type MemberSession,
  type Organization,
  type RedeemEnvironmentHandoffCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { kycStatusOnConfirm } from '../domain/account';
import { assertIssuesHandoffs, assertRedeemsHandoffs, invalidHandoff } from '../domain/handoff';
import { NO_PASSWORD_HASH } from '../domain/social-login';
import { AccountsRepository, type Member } from '../infrastructure/accounts.repository';
import { HandoffTokens, type HandoffClaims } from '../infrastructure/handoff-tokens';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { SocialIdentitiesRepository } from '../infrastructure/social-identities.repository';
import { SessionsService } from './sessions.service';

/**
 * The environment handoff (spec §1, §4, §8): a person signed in to live takes a single-use
 * 60-second token to the test environment and gets a session there as the same person (same
 * organization slug and email). A person new to test gets a test account on the spot, approved
 * as any confirmed test account is (decisions D5), signing in without a password.
 */
@Injectable()
export class HandoffService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly tokens: HandoffTokens,
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly members: SocialIdentitiesRepository,
    private readonly sessions: SessionsService,
  ) {}

  async issue(
    command: IssueEnvironmentHandoffCommand,
  ): Promise<{ handoff_token: string; expires_at: string }> {
    assertIssuesHandoffs(this.context.environment);
    const member = await this.members.signedInMember(command.actor, 'handoff tokens');
    const subject = await this.tokens.subjectOf(member.member_id);
    if (!subject) throw new DomainError('unauthorized', 'the session has ended');
    const signed = this.tokens.sign({ jti: randomUUID(), ...subject }, new Date());
    if (!signed) throw new DomainError('service_disabled', 'environment handoff is not configured');
    return { handoff_token: signed.token, expires_at: signed.expires_at.toISOString() };
  }

  async redeem(
    command: RedeemEnvironmentHandoffCommand,
    correlation_id: string | null,
  ): Promise<MemberSession> {
    assertRedeemsHandoffs(this.context.environment);
    const claims = this.tokens.verify(command.token, new Date());
    if (!claims) throw invalidHandoff();
    if (!(await this.tokens.redeem(claims.jti, claims.expires_at)))
      throw new DomainError('handoff_replayed', 'this handoff token was already used');
    const organization = await this.organizations.findBySlug(claims.org);
    if (!organization)
      throw new DomainError(
        'unknown_org',
        `the organization ${claims.org} does not exist in the test environment`,
      );
    const member = await this.testMemberOf(organization, claims, correlation_id);
    if (member.status !== 'active')
      throw new DomainError('member_disabled', 'this member cannot sign in');
    return this.sessions.open(member, new Date(), command.client ?? null);
  }

  /** The test member of this person: found, confirmed if pending, or created. */
  private async testMemberOf(
    organization: Organization,
    claims: HandoffClaims,
    correlation_id: string | null,
  ): Promise<Member> {
    const kyc_status = kycStatusOnConfirm(this.context.environment);
    const existing = await this.accounts.findMember(organization.org_id, claims.email);
    if (existing?.status === 'pending_verification') {
      // Live verified this email: the pending test registration needs no code any more.
      await this.members.confirmPending(existing, { kyc_status, correlation_id });
      return { ...existing, status: 'active' };
    }
    if (existing) return existing;
    const account_id = randomUUID();
    const member_id = randomUUID();
    const created = await this.members.createPasswordlessAccount({
      account_id,
      member_id,
      org_id: organization.org_id,
      type: claims.type,
      display_name: claims.display_name,
      email: claims.email,
      locale: organization.locale,
      kyc_status,
      identity: null,
      correlation_id,
    });
    if (!created) {
      const twin = await this.accounts.findMember(organization.org_id, claims.email);
      if (!twin) throw new Error('a member vanished while a handoff created it');
      return twin;
    }
    return {
      member_id,
      account_id,
      org_id: organization.org_id,
      email: claims.email,
      password_hash: NO_PASSWORD_HASH,
      role: 'owner',
      status: 'active',
    };
  }
}
