import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import {
  DomainError,
  type ForgotPasswordCommand,
  type ResetPasswordCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { kycStatusOnConfirm, MAX_PASSWORD_CHARS } from '../domain/account';
import {
  newVerificationCode,
  PASSWORD_RESET_CODE_TTL_MS,
  sha256,
  TEST_MAGIC_CODE,
} from '../domain/credentials';
import { assertPasswordStrength } from '../domain/org-admin';
import { AccountsRepository, type Member } from '../infrastructure/accounts.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { PasswordResetsRepository } from '../infrastructure/password-resets.repository';
import { ARGON2_OPTIONS } from './organizations.service';
import { NotificationsPort } from './ports';
import { ResetLinkService } from './reset-link.service';

/** The one answer of `forgot`, whether or not the email has an account (spec §5 rule 13). */
export const FORGOT_ACCEPTED = {
  status: 'accepted',
  note: 'If this email has an account, a reset code has been sent to it.',
} as const;

@Injectable()
export class PasswordRecoveryService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly notifications: NotificationsPort,
    private readonly reset_links: ResetLinkService,
  ) {}

  async forgot(command: ForgotPasswordCommand): Promise<typeof FORGOT_ACCEPTED> {
    const member = await this.findMember(command.org, command.email);
    if (!member || member.status === 'disabled') return FORGOT_ACCEPTED;
    const now = new Date();
    const code = newVerificationCode();
    const issued = await this.resets.issueCode(
      member.member_id,
      { code_hash: sha256(code), expires_at: new Date(now.getTime() + PASSWORD_RESET_CODE_TTL_MS) },
      now,
    );
    // The same email carries a single-use, 60-minute reset link (spec §4, §8).
    const link = issued ? await this.reset_links.issue(member.member_id, command.org, now) : '';
    if (issued)
      await this.notifications.send({
        channel: 'email',
        recipient: member.email,
        org_id: member.org_id,
        account_id: member.account_id,
        subject: 'Your password reset code',
        body: `Your password reset code is ${code}. It expires in ${PASSWORD_RESET_CODE_TTL_MS / 60_000} minutes. ${link} If you did not ask for it, ignore this message.`,
      });
    return FORGOT_ACCEPTED;
  }

  async reset(
    command: ResetPasswordCommand,
    correlation_id: string | null,
  ): Promise<{ status: 'password_reset' }> {
    assertPasswordStrength(command.new_password);
    if (command.new_password.length > MAX_PASSWORD_CHARS)
      throw new DomainError(
        'invalid_request',
        `password must have at most ${MAX_PASSWORD_CHARS} characters`,
      );
    const invalid = new DomainError('invalid_code', 'the reset code is wrong or expired');
    const member = await this.findMember(command.org, command.email);
    if (!member || member.status === 'disabled') throw invalid;
    const now = new Date();
    const magic = this.context.environment === 'test' && command.code === TEST_MAGIC_CODE;
    const outcome = await this.resets.reset(member, {
      accepts: (code) =>
        magic ||
        (code !== null &&
          timingSafeEqual(sha256(command.code), code.code_hash) &&
          code.expires_at > now),
      password_hash: await hash(command.new_password, ARGON2_OPTIONS),
      now,
      kyc_status_on_confirm: kycStatusOnConfirm(this.context.environment),
      correlation_id,
      client_info: command.client ?? null,
    });
    switch (outcome) {
      case 'reset':
        return { status: 'password_reset' };
      case 'wrong_code':
        throw invalid;
      case 'throttled':
        throw new DomainError('too_many_attempts', 'too many wrong codes; retry later');
      default: {
        const unhandled: never = outcome;
        throw new Error(`unknown reset outcome ${String(unhandled)}`);
      }
    }
  }

  private async findMember(org: string, email: string): Promise<Member | null> {
    const organization = await this.organizations.findBySlug(org);
    if (!organization) return null;
    return this.accounts.findMember(organization.org_id, email.trim().toLowerCase());
  }
}
