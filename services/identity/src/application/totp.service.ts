import { Inject, Injectable } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import {
  DomainError,
  type ConfirmTotpCommand,
  type EnrollTotpCommand,
  type TotpEnrollment,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { TEST_MAGIC_CODE } from '../domain/credentials';
import { OtpPolicyRepository } from '../infrastructure/otp-policy.repository';
import { TotpEnrollmentsRepository } from '../infrastructure/totp-enrollments.repository';
import { TotpSecrets } from '../infrastructure/totp-secrets';

/**
 * Authenticator-app enrollment (spec §4 `POST /v1/me/totp/enroll`): enroll answers a new secret
 * once; the first code from the app confirms it (`POST /v1/me/totp/confirm`), and only then does
 * it carry codes. Re-enrolling replaces the secret at its confirmation.
 */
@Injectable()
export class TotpService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly policies: OtpPolicyRepository,
    private readonly enrollments: TotpEnrollmentsRepository,
    private readonly secrets: TotpSecrets,
  ) {}

  async enroll(command: EnrollTotpCommand): Promise<TotpEnrollment> {
    const { actor } = command;
    await this.requireCurrentPassword(actor.member_id, command.request.current_password);
    const [policy, factors] = await Promise.all([
      this.policies.policyOf(actor.org_id),
      this.policies.factorsOf(actor.member_id),
    ]);
    if (!policy || !factors)
      throw new DomainError('unauthorized', 'a valid credential is required');
    const secret = this.secrets.generate();
    await this.enrollments.startEnrollment(actor.member_id, this.secrets.encrypt(secret));
    return {
      secret,
      otpauth_uri: this.secrets.uri(factors.email, policy.org_name, secret),
      status: 'pending_confirmation',
    };
  }

  /** `totp_not_started` without a pending enrollment; `invalid_code` for a wrong code. */
  async confirm(command: ConfirmTotpCommand): Promise<{ status: 'confirmed' }> {
    const magic = this.context.environment === 'test' && command.code === TEST_MAGIC_CODE;
    const now = new Date();
    // The D3 sandbox code spends no time step: the app's real codes all stay usable.
    const confirmed = await this.enrollments.confirm(command.actor.member_id, (pending) =>
      magic ? 0 : this.secrets.acceptedStep(command.code, this.secrets.decrypt(pending), now),
    );
    if (confirmed === null)
      throw new DomainError('totp_not_started', 'start with POST /v1/me/totp/enroll');
    if (!confirmed) throw new DomainError('invalid_code', 'the code is wrong or expired');
    return { status: 'confirmed' };
  }

  /** A member with a password proves it again; one without (passwordless sign-in) does not. */
  private async requireCurrentPassword(
    member_id: string,
    current_password: string | undefined,
  ): Promise<void> {
    const password_hash = await this.policies.passwordHashOf(member_id);
    if (!password_hash) return;
    if (current_password === undefined || current_password === '')
      throw new DomainError('invalid_request', 'current_password is required');
    if (!(await verify(password_hash, current_password).catch(() => false)))
      throw new DomainError('invalid_credentials', 'the current password is wrong');
  }
}
