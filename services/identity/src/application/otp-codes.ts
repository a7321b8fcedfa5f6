import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type OtpChannel, type SendMessageCommand } from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { newVerificationCode, sha256, TEST_MAGIC_CODE } from '../domain/credentials';
import {
  AUTHENTICATOR_APP,
  maskEmail,
  maskPhone,
  phoneStatusOf,
  type OtpFactors,
} from '../domain/otp-policy';
import type { MemberOtpFactors, OrgOtpPolicy } from '../infrastructure/otp-policy.repository';
import { TotpEnrollmentsRepository } from '../infrastructure/totp-enrollments.repository';
import { TotpSecrets } from '../infrastructure/totp-secrets';
import { NotificationsPort } from './ports';

/** Who a code goes to, and why (for the message text). */
export interface CodeDelivery {
  channel: OtpChannel;
  factors: MemberOtpFactors;
  account_id: string;
  org_id: string;
  org_name: string;
  purpose: string;
  ttl_ms: number;
}

/**
 * Issues and checks the one-time codes of challenges and OTP logins: a random 6-digit code
 * sent through the notifications sender port (D3), or the authenticator app's current code.
 */
@Injectable()
export class OtpCodes {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly notifications: NotificationsPort,
    private readonly totp_enrollments: TotpEnrollmentsRepository,
    private readonly totp: TotpSecrets,
  ) {}

  /** A new code for the channel: its hash to store (null for totp) and the sender of it. */
  issue(delivery: CodeDelivery): { code_hash: Buffer | null; send: () => Promise<void> } {
    if (delivery.channel === 'totp') return { code_hash: null, send: () => Promise.resolve() };
    const code = newVerificationCode();
    return { code_hash: sha256(code), send: () => this.send(delivery, code) };
  }

  private async send(delivery: CodeDelivery, code: string): Promise<void> {
    const { channel, factors } = delivery;
    const recipient = channel === 'email' ? factors.email : factors.phone;
    if (channel === 'totp' || !recipient) return;
    const message: SendMessageCommand = {
      channel,
      recipient,
      org_id: delivery.org_id,
      account_id: delivery.account_id,
      subject: channel === 'email' ? `${delivery.org_name}: your one-time code` : null,
      body:
        `Your one-time code to ${delivery.purpose} is ${code}. It expires in ` +
        `${delivery.ttl_ms / 60_000} minutes. Never share it with anyone.`,
    };
    try {
      await this.notifications.send(message);
    } catch {
      throw new DomainError('otp_send_failed', 'the one-time code could not be sent; retry');
    }
  }

  /**
   * Does the presented code prove the channel? D3: `000000` always does in the test environment.
   * An authenticator code is accepted once (its time step is spent).
   */
  async matches(
    channel: OtpChannel,
    code_hash: Buffer | null,
    code: string,
    member_id: string,
  ): Promise<boolean> {
    if (this.context.environment === 'test' && code === TEST_MAGIC_CODE) return true;
    if (channel !== 'totp') return code_hash !== null && timingSafeEqual(sha256(code), code_hash);
    const enrollment = await this.totp_enrollments.find(member_id);
    if (!enrollment?.secret_ciphertext || !enrollment.confirmed_at) return false;
    const secret = this.totp.decrypt(enrollment.secret_ciphertext);
    const step = this.totp.acceptedStep(code, secret, new Date());
    return step !== null && (await this.totp_enrollments.spendStep(member_id, step));
  }
}

/** The masked destination a challenge answers in `phone` (spec §4). */
export function destinationOf(channel: OtpChannel, factors: MemberOtpFactors): string {
  switch (channel) {
    case 'totp':
      return AUTHENTICATOR_APP;
    case 'email':
      return maskEmail(factors.email);
    case 'sms':
    case 'whatsapp':
      return maskPhone(factors.phone ?? '');
    default: {
      const unhandled: never = channel;
      throw new Error(`unknown channel ${String(unhandled)}`);
    }
  }
}

/** What the channel rules of the domain need, from the organization's policy and the member. */
export function otpFactorsOf(
  policy: OrgOtpPolicy,
  factors: MemberOtpFactors,
  now: Date,
): OtpFactors {
  return {
    floor: policy.floor,
    preferences: factors.preferences,
    totp_confirmed: factors.totp_confirmed,
    phone_status: phoneStatusOf(
      factors.phone,
      factors.phone_linked_at,
      factors.phone_verified_at,
      now,
    ),
  };
}
