import { Injectable } from '@nestjs/common';
import { DomainError, type CompleteOtpLoginCommand, type MemberSession } from '@platform/contracts';
import { sha256 } from '../domain/credentials';
import { OTP_MAX_FAILED_ATTEMPTS } from '../domain/otp-policy';
import {
  OtpChallengesRepository,
  type PendingLogin,
  type PendingLoginOutcome,
} from '../infrastructure/otp-challenges.repository';
import { OtpPolicyRepository } from '../infrastructure/otp-policy.repository';
import { OtpCodes } from './otp-codes';
import { SessionsService } from './sessions.service';

type Completion =
  | { kind: 'completed'; member_id: string; phone_proven: boolean }
  | { kind: 'refused'; error: DomainError };

function invalidPendingToken(): DomainError {
  return new DomainError('invalid_pending_token', 'the pending login is unknown or expired');
}

/**
 * The second half of an OTP login: `{pending_token, code}` answers a session. The pending token
 * is single use; 5 wrong codes burn it (`too_many_attempts`, then `invalid_pending_token`).
 */
@Injectable()
export class OtpLoginService {
  constructor(
    private readonly challenges: OtpChallengesRepository,
    private readonly policies: OtpPolicyRepository,
    private readonly codes: OtpCodes,
    private readonly sessions: SessionsService,
  ) {}

  async complete(command: CompleteOtpLoginCommand): Promise<MemberSession> {
    const now = new Date();
    const completion = await this.challenges.completeLogin(sha256(command.pending_token), (login) =>
      this.decide(login, command.code, now),
    );
    if (completion.kind === 'refused') throw completion.error;
    const member = await this.policies.sessionMemberOf(completion.member_id);
    if (!member) throw invalidPendingToken();
    if (completion.phone_proven) {
      const factors = await this.policies.factorsOf(member.member_id);
      if (factors?.phone) await this.policies.markPhoneVerified(member.account_id, factors.phone);
    }
    // Password and code: the session has a second factor.
    return this.sessions.open(member, now, command.client ?? null, true);
  }

  private async decide(
    login: PendingLogin | null,
    code: string,
    now: Date,
  ): Promise<{ outcome: PendingLoginOutcome; value: Completion }> {
    const usable =
      login !== null &&
      login.used_at === null &&
      login.expires_at > now &&
      login.failed_attempts < OTP_MAX_FAILED_ATTEMPTS;
    if (!usable)
      return { outcome: 'untouched', value: { kind: 'refused', error: invalidPendingToken() } };
    if (await this.codes.matches(login.channel, login.code_hash, code, login.member_id))
      return {
        outcome: 'completed',
        value: {
          kind: 'completed',
          member_id: login.member_id,
          phone_proven: login.channel === 'sms' || login.channel === 'whatsapp',
        },
      };
    const error =
      login.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS
        ? new DomainError('too_many_attempts', 'too many wrong codes; sign in again')
        : new DomainError('invalid_code', 'the code is wrong or expired');
    return { outcome: 'wrong_code', value: { kind: 'refused', error } };
  }
}
