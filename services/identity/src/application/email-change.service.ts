import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type RequestEmailChangeCommand,
  type VerifyEmailChangeCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import {
  newVerificationCode,
  sha256,
  TEST_MAGIC_CODE,
  VERIFICATION_CODE_MAX_FAILURES,
  VERIFICATION_CODE_TTL_MS,
} from '../domain/credentials';
import { normalizeEmail } from '../domain/org-admin';
import {
  EmailChangeRepository,
  type EmailOwner,
  type PendingEmailChange,
} from '../infrastructure/email-change.repository';
import { NotificationsPort } from './ports';

/**
 * `POST /v1/me/email/change` mails a code to the new address; `POST /v1/me/email/verify` with
 * that code moves the member's sign-in email (and the account's contact email when it was the
 * same) and tells the old address.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly changes: EmailChangeRepository,
    private readonly notifications: NotificationsPort,
  ) {}

  async request(
    command: RequestEmailChangeCommand,
  ): Promise<{ status: 'verification_sent'; new_email: string; expires_at: string }> {
    const new_email = normalizeEmail(command.new_email);
    const owner = await this.requireMember(command.actor);
    if (new_email === owner.email)
      throw new DomainError('same_email', 'new_email is the current email');
    if (await this.changes.emailTaken(owner.org_id, new_email))
      throw new DomainError('duplicate', 'this email already signs in to the organization');
    const code = newVerificationCode();
    const expires_at = new Date(Date.now() + VERIFICATION_CODE_TTL_MS);
    await this.changes.savePending(owner.member_id, {
      new_email,
      code_hash: sha256(code),
      expires_at,
    });
    await this.mail(owner, new_email, 'Confirm your new email address', [
      `Your email change code is ${code}. It expires in ${VERIFICATION_CODE_TTL_MS / 60_000} minutes.`,
      'If you did not ask for it, ignore this message.',
    ]);
    return { status: 'verification_sent', new_email, expires_at: expires_at.toISOString() };
  }

  async verify(
    command: VerifyEmailChangeCommand,
  ): Promise<{ status: 'email_changed'; email: string }> {
    const owner = await this.requireMember(command.actor);
    const now = new Date();
    const magic = this.context.environment === 'test' && command.code === TEST_MAGIC_CODE;
    const outcome = await this.changes.complete(
      owner,
      (pending) => magic || codeMatches(pending, command.code, now),
      command.client ?? null,
    );
    switch (outcome.kind) {
      case 'changed':
        await this.mail(owner, outcome.old_email, 'Your email address was changed', [
          `The sign-in email of your account is now ${outcome.new_email}.`,
          'If you did not make this change, reset your password and contact support.',
        ]);
        return { status: 'email_changed', email: outcome.new_email };
      case 'nothing_pending':
        throw new DomainError('already_verified', 'the email is verified and no change is pending');
      case 'wrong_code':
        throw new DomainError('invalid_code', 'the verification code is wrong or expired');
      case 'taken':
        throw new DomainError('duplicate', 'this email already signs in to the organization');
      default: {
        const unhandled: never = outcome;
        throw new Error(`unknown email change outcome ${JSON.stringify(unhandled)}`);
      }
    }
  }

  private async requireMember(actor: {
    account_id: string;
    member_id: string;
  }): Promise<EmailOwner> {
    const owner = await this.changes.activeMember(actor.account_id, actor.member_id);
    if (!owner) throw new DomainError('unauthorized', 'a valid credential is required');
    return owner;
  }

  private async mail(owner: EmailOwner, recipient: string, subject: string, lines: string[]) {
    await this.notifications.send({
      channel: 'email',
      recipient,
      org_id: owner.org_id,
      account_id: owner.account_id,
      subject,
      body: lines.join(' '),
    });
  }
}

function codeMatches(pending: PendingEmailChange, code: string, now: Date): boolean {
  const equal = timingSafeEqual(sha256(code), pending.code_hash);
  return (
    equal && pending.expires_at > now && pending.failed_attempts < VERIFICATION_CODE_MAX_FAILURES
  );
}
