import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  otpActionsOf,
  type ConsumeOtpTokenCommand,
  type CreateOtpChallengeCommand,
  type OtpChallengeCreated,
  type OtpSessionActor,
  type OtpTokenIssued,
  type VerifyOtpChallengeCommand,
} from '@platform/contracts';
import { sha256 } from '../domain/credentials';
import {
  OTP_CHALLENGE_TTL_MS,
  OTP_CHALLENGE_WINDOW_MS,
  OTP_CHALLENGES_PER_WINDOW,
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_TOKEN_TTL_MS,
  assertOtpEnabled,
  parseAction,
  parseChannel,
  resolveChannel,
} from '../domain/otp-policy';
import {
  OtpChallengesRepository,
  type ChallengeOutcome,
  type PendingChallenge,
} from '../infrastructure/otp-challenges.repository';
import {
  OtpPolicyRepository,
  type MemberOtpFactors,
  type OrgOtpPolicy,
} from '../infrastructure/otp-policy.repository';
import { SessionsRepository } from '../infrastructure/sessions.repository';
import { destinationOf, OtpCodes, otpFactorsOf } from './otp-codes';

const OTP_TOKEN_PREFIX = 'otp_';

type Verification =
  | { kind: 'issued'; answer: OtpTokenIssued; phone_proven: boolean }
  | { kind: 'refused'; error: DomainError };

function refused(error: DomainError): { outcome: ChallengeOutcome; value: Verification } {
  return { outcome: { kind: 'untouched' }, value: { kind: 'refused', error } };
}

/** OTP for sensitive actions (spec §5 rule 6): challenges, their tokens, and the token check. */
@Injectable()
export class OtpChallengesService {
  constructor(
    private readonly policies: OtpPolicyRepository,
    private readonly challenges: OtpChallengesRepository,
    private readonly codes: OtpCodes,
    private readonly sessions: SessionsRepository,
  ) {}

  async create(command: CreateOtpChallengeCommand): Promise<OtpChallengeCreated> {
    const { actor, request } = command;
    if (!actor.member_id)
      throw new DomainError('session_required', 'a challenge needs a user session, not an API key');
    const member_id = actor.member_id;
    const action = parseAction(request.action);
    const explicit = request.channel === undefined ? null : parseChannel(request.channel);
    const { policy, factors } = await this.contextOf({ ...actor, member_id });
    assertOtpEnabled(policy.otp_enabled);
    const now = new Date();
    // Spec §5 rule 5 holds for action codes too: a cooling phone gives way to a stronger factor.
    const channel = resolveChannel(explicit, otpFactorsOf(policy, factors, now), 'challenge');
    const since = new Date(now.getTime() - OTP_CHALLENGE_WINDOW_MS);
    if ((await this.challenges.countSince(member_id, since)) >= OTP_CHALLENGES_PER_WINDOW)
      throw new DomainError('too_many_attempts', 'too many codes requested; wait and retry');
    const issued = this.codes.issue({
      channel,
      factors,
      account_id: actor.account_id,
      org_id: actor.org_id,
      org_name: policy.org_name,
      purpose: `confirm ${action}`,
      ttl_ms: OTP_CHALLENGE_TTL_MS,
    });
    const challenge_id = randomUUID();
    const expires_at = new Date(now.getTime() + OTP_CHALLENGE_TTL_MS);
    await this.challenges.insert({
      challenge_id,
      member_id,
      account_id: actor.account_id,
      action,
      channel,
      code_hash: issued.code_hash,
      expires_at,
    });
    await issued.send();
    return {
      challenge_id,
      action,
      channel,
      phone: destinationOf(channel, factors),
      expires_at: expires_at.toISOString(),
    };
  }

  /**
   * A right code answers a token for `X-OTP-Token`, valid 5 minutes and once. A wrong code is
   * `invalid_code`; the 5th burns the challenge (`too_many_attempts`); a verified or burnt
   * challenge is `challenge_not_pending`; an expired one is `invalid_code`.
   */
  async verify(command: VerifyOtpChallengeCommand): Promise<OtpTokenIssued> {
    const { actor } = command;
    const now = new Date();
    const verification = await this.challenges.verify(
      command.challenge_id,
      actor.member_id,
      (challenge) => this.decideVerification(challenge, command.code, now),
    );
    if (verification.kind === 'refused') throw verification.error;
    // A second factor proven in this session makes it a session with 2FA (spec §5 rule 9).
    if (actor.session_id) await this.sessions.markSecondFactor(actor.session_id, actor.member_id);
    if (verification.phone_proven) {
      const factors = await this.policies.factorsOf(actor.member_id);
      if (factors?.phone) await this.policies.markPhoneVerified(actor.account_id, factors.phone);
    }
    return verification.answer;
  }

  private async decideVerification(
    challenge: PendingChallenge | null,
    code: string,
    now: Date,
  ): Promise<{ outcome: ChallengeOutcome; value: Verification }> {
    if (!challenge) return refused(new DomainError('not_found', 'the challenge was not found'));
    if (challenge.status !== 'pending')
      return refused(
        new DomainError('challenge_not_pending', 'the challenge is no longer pending'),
      );
    if (challenge.expires_at <= now)
      return refused(new DomainError('invalid_code', 'the code is wrong or expired'));
    const right = await this.codes.matches(
      challenge.channel,
      challenge.code_hash,
      code,
      challenge.member_id,
    );
    if (!right) {
      const burnt = challenge.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS;
      const error = burnt
        ? new DomainError('too_many_attempts', 'too many wrong codes; request a new challenge')
        : new DomainError('invalid_code', 'the code is wrong or expired');
      return { outcome: { kind: 'wrong_code', burnt }, value: { kind: 'refused', error } };
    }
    const otp_token = `${OTP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const token_expires_at = new Date(now.getTime() + OTP_TOKEN_TTL_MS);
    return {
      outcome: { kind: 'verified', token_hash: sha256(otp_token), token_expires_at },
      value: {
        kind: 'issued',
        answer: {
          otp_token,
          action: challenge.action,
          expires_at: token_expires_at.toISOString(),
        },
        phone_proven: challenge.channel === 'sms' || challenge.channel === 'whatsapp',
      },
    };
  }

  /**
   * The gateway's OTP guard: a user session may run an action the organization requires OTP
   * for only by spending a live token of its own for that action. Never skipped: an unknown
   * organization or member is refused, not let through.
   */
  async consume(command: ConsumeOtpTokenCommand): Promise<{ required: boolean }> {
    const action = parseAction(command.action);
    const policy = await this.policies.policyOf(command.actor.org_id);
    if (!policy) throw new DomainError('unauthorized', 'a valid credential is required');
    // An organization that turned OTP off asks for no code (its operator's choice, D2), except
    // for the actions that always need one.
    if (!otpActionsOf(policy).includes(action)) return { required: false };
    if (!command.otp_token)
      throw new DomainError(
        'otp_required',
        `verify a challenge for ${action} and send X-OTP-Token`,
      );
    const spent = await this.challenges.spendToken(
      sha256(command.otp_token),
      command.actor.member_id,
      action,
      new Date(),
    );
    if (!spent)
      throw new DomainError('otp_invalid', 'the OTP token is invalid, expired or already used');
    return { required: true };
  }

  private async contextOf(
    actor: OtpSessionActor,
  ): Promise<{ policy: OrgOtpPolicy; factors: MemberOtpFactors }> {
    const [policy, factors] = await Promise.all([
      this.policies.policyOf(actor.org_id),
      this.policies.factorsOf(actor.member_id),
    ]);
    if (!policy || !factors)
      throw new DomainError('unauthorized', 'a valid credential is required');
    return { policy, factors };
  }
}
