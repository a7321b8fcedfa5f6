import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, type OtpLoginRequired } from '@platform/contracts';
import { sha256 } from '../domain/credentials';
import { OTP_LOGIN_TTL_MS, resolveChannel } from '../domain/otp-policy';
import { OtpChallengesRepository } from '../infrastructure/otp-challenges.repository';
import { OtpPolicyRepository } from '../infrastructure/otp-policy.repository';
import type { SessionMember } from '../infrastructure/sessions.repository';
import { OtpCodes, otpFactorsOf } from './otp-codes';

export const PENDING_LOGIN_TOKEN_PREFIX = 'lp_';

/**
 * The first half of an OTP login (spec §5 rule 5): when the organization's login OTP policy is
 * on, a right password answers a pending token and sends a code instead of opening a session.
 * Kept apart from the completion, which opens the session, so SessionsService can use it.
 */
@Injectable()
export class OtpLoginStarter {
  constructor(
    private readonly policies: OtpPolicyRepository,
    private readonly challenges: OtpChallengesRepository,
    private readonly codes: OtpCodes,
  ) {}

  /** Null when the organization does not require OTP at login. */
  async begin(member: SessionMember, now: Date): Promise<OtpLoginRequired | null> {
    const policy = await this.policies.policyOf(member.org_id);
    // With OTP turned off for the organization, no code is asked at login either.
    if (!policy?.login_otp_required || !policy.otp_enabled) return null;
    const factors = await this.policies.factorsOf(member.member_id);
    if (!factors) throw new DomainError('invalid_credentials', 'the email or password is wrong');
    const channel = resolveChannel(null, otpFactorsOf(policy, factors, now), 'login');
    const issued = this.codes.issue({
      channel,
      factors,
      account_id: member.account_id,
      org_id: member.org_id,
      org_name: policy.org_name,
      purpose: 'sign in',
      ttl_ms: OTP_LOGIN_TTL_MS,
    });
    const pending_token = `${PENDING_LOGIN_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expires_at = new Date(now.getTime() + OTP_LOGIN_TTL_MS);
    await this.challenges.insertPendingLogin({
      token_hash: sha256(pending_token),
      member_id: member.member_id,
      channel,
      code_hash: issued.code_hash,
      expires_at,
    });
    await issued.send();
    return { otp_required: true, pending_token, channel, expires_at: expires_at.toISOString() };
  }
}
