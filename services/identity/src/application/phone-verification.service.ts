import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type ConfirmPhoneVerificationCommand,
  type PhoneVerificationSent,
  type PhoneVerified,
  type RequestPhoneVerificationCommand,
} from '@platform/contracts';
import { maskPhone, OTP_MAX_FAILED_ATTEMPTS, phoneStatusOf } from '../domain/otp-policy';
import { OtpPolicyRepository } from '../infrastructure/otp-policy.repository';
import {
  PhoneVerificationsRepository,
  type PendingPhoneVerification,
  type PhoneVerificationOutcome,
} from '../infrastructure/phone-verifications.repository';
import { OtpCodes } from './otp-codes';

/** A phone verification code lives 10 minutes; a new one may be asked after 30 seconds. */
export const PHONE_VERIFICATION_TTL_MS = 10 * 60 * 1000;
export const PHONE_VERIFICATION_RESEND_MS = 30 * 1000;

function invalidCode(): DomainError {
  return new DomainError('invalid_code', 'the code is wrong or expired');
}

/**
 * Proving the account's phone (spec §7 `phone_verification_required`): a code sent to the phone
 * and typed back. Only this proves a phone for action challenges; the cooldown of spec §5 rule 5
 * does not apply, since the code proves possession and authorizes nothing else.
 */
@Injectable()
export class PhoneVerificationService {
  constructor(
    private readonly policies: OtpPolicyRepository,
    private readonly verifications: PhoneVerificationsRepository,
    private readonly codes: OtpCodes,
  ) {}

  async request(command: RequestPhoneVerificationCommand): Promise<PhoneVerificationSent> {
    const { actor } = command;
    const channel = command.request.channel ?? 'sms';
    const [policy, factors] = await Promise.all([
      this.policies.policyOf(actor.org_id),
      this.policies.factorsOf(actor.member_id),
    ]);
    if (!policy || !factors)
      throw new DomainError('unauthorized', 'a valid credential is required');
    const now = new Date();
    const { phone } = factors;
    if (!phone) throw new DomainError('phone_required', 'the account has no phone number');
    const status = phoneStatusOf(phone, factors.phone_linked_at, factors.phone_verified_at, now);
    if (status === 'verified')
      throw new DomainError('already_verified', 'the phone number is already verified');
    const pending = await this.verifications.find(actor.account_id);
    if (pending && now.getTime() - pending.sent_at.getTime() < PHONE_VERIFICATION_RESEND_MS)
      throw new DomainError('too_many_attempts', 'a code was just sent; wait and retry');
    const issued = this.codes.issue({
      channel,
      factors,
      account_id: actor.account_id,
      org_id: actor.org_id,
      org_name: policy.org_name,
      purpose: 'verify your phone number',
      ttl_ms: PHONE_VERIFICATION_TTL_MS,
    });
    const expires_at = new Date(now.getTime() + PHONE_VERIFICATION_TTL_MS);
    await this.verifications.save({
      account_id: actor.account_id,
      phone,
      channel,
      // A phone channel always yields a hash; only totp has none.
      code_hash: issued.code_hash ?? Buffer.alloc(0),
      sent_at: now,
      expires_at,
    });
    await issued.send();
    return {
      status: 'verification_sent',
      channel,
      phone: maskPhone(phone),
      expires_at: expires_at.toISOString(),
    };
  }

  /**
   * The right code proves the phone it was sent to, if that is still the account's phone. A wrong
   * or expired code is `invalid_code`; the 5th wrong one burns it (`too_many_attempts`); with no
   * code pending, `challenge_not_pending`.
   */
  async confirm(command: ConfirmPhoneVerificationCommand): Promise<PhoneVerified> {
    const { actor } = command;
    const factors = await this.policies.factorsOf(actor.member_id);
    if (!factors) throw new DomainError('unauthorized', 'a valid credential is required');
    const now = new Date();
    const result = await this.verifications.confirm(actor.account_id, (pending) =>
      this.decide(pending, factors.phone, command, now),
    );
    if (result instanceof DomainError) throw result;
    return { status: 'phone_verified', phone: maskPhone(result) };
  }

  private async decide(
    pending: PendingPhoneVerification | null,
    current_phone: string | null,
    command: ConfirmPhoneVerificationCommand,
    now: Date,
  ): Promise<{ outcome: PhoneVerificationOutcome; value: DomainError | string }> {
    if (!pending || pending.phone !== current_phone)
      return {
        outcome: 'untouched',
        value: new DomainError('challenge_not_pending', 'no phone verification is pending'),
      };
    if (pending.expires_at <= now) return { outcome: 'untouched', value: invalidCode() };
    const right = await this.codes.matches(
      pending.channel,
      pending.code_hash,
      command.code,
      command.actor.member_id,
    );
    if (right) return { outcome: 'verified', value: pending.phone };
    if (pending.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS)
      return {
        outcome: 'burnt',
        value: new DomainError('too_many_attempts', 'too many wrong codes; request a new one'),
      };
    return { outcome: 'wrong_code', value: invalidCode() };
  }
}
