import { randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import {
  DomainError,
  type ConfirmedSession,
  type ConfirmRegistrationCommand,
  type Organization,
  type RegisterAccountCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { decideRegistration, kycStatusOnConfirm } from '../domain/account';
import {
  newVerificationCode,
  sha256,
  TEST_MAGIC_CODE,
  VERIFICATION_CODE_MAX_FAILURES,
  VERIFICATION_CODE_TTL_MS,
} from '../domain/credentials';
import {
  AccountsRepository,
  type Member,
  type PendingCode,
} from '../infrastructure/accounts.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { ARGON2_OPTIONS } from './organizations.service';
import { demoHistoryOf } from './demo-history';
import { DemoHistoryPort, NotificationsPort } from './ports';
import { SessionsService } from './sessions.service';

/** The one answer to every accepted registration, new email or not (spec §2). */
export const REGISTRATION_ACCEPTED = {
  status: 'pending_verification',
  note: 'If this email can be registered, a verification code has been sent to it. Confirm it at POST /v1/auth/register/confirm.',
} as const;

/**
 * After the password hash, a new email writes an account and a taken one only sends a notice:
 * the answer waits until this long after the hash either way, so its timing tells neither apart
 * (spec §2: the same answer for a new and a duplicate email). Both paths take a few ms.
 */
const REGISTRATION_ANSWER_FLOOR_MS = 40;

function pendingCode(code: string, now: Date): PendingCode {
  return {
    code_hash: sha256(code),
    expires_at: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
    failed_attempts: 0,
  };
}

@Injectable()
export class RegistrationService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsService,
    private readonly notifications: NotificationsPort,
    private readonly demo: DemoHistoryPort,
  ) {}

  /**
   * Verify-first registration. A new email gets an account pending verification and a code; a
   * pending one gets a fresh code (its first password stays); an active one gets a notice. The
   * caller sees the same answer, after the same password hashing work, in all three cases.
   */
  async register(
    command: RegisterAccountCommand,
    correlation_id: string | null,
  ): Promise<typeof REGISTRATION_ACCEPTED> {
    const organization = await this.requireOrganization(command.org);
    const registration = decideRegistration(command);
    const password_hash = await hash(registration.password, ARGON2_OPTIONS);
    const answer_at_ms = performance.now() + REGISTRATION_ANSWER_FLOOR_MS;
    await this.registerHashed(organization, registration, password_hash, correlation_id);
    const wait_ms = answer_at_ms - performance.now();
    if (wait_ms > 0) await sleep(wait_ms);
    return REGISTRATION_ACCEPTED;
  }

  private async registerHashed(
    organization: Organization,
    registration: ReturnType<typeof decideRegistration>,
    password_hash: string,
    correlation_id: string | null,
  ): Promise<void> {
    const now = new Date();
    const code = newVerificationCode();
    const existing = await this.accounts.findMember(organization.org_id, registration.email);
    const account_id = randomUUID();
    const inserted =
      existing === null &&
      (await this.accounts.insertRegistration({
        account_id,
        member_id: randomUUID(),
        org_id: organization.org_id,
        registration,
        password_hash,
        code: pendingCode(code, now),
        correlation_id,
      }));
    if (inserted) {
      await this.sendCode(organization, registration.email, account_id, code);
      return;
    }
    const member =
      existing ?? (await this.accounts.findMember(organization.org_id, registration.email));
    if (member) await this.answerDuplicate(organization, member, code, now);
  }

  private async answerDuplicate(
    organization: Organization,
    member: Member,
    code: string,
    now: Date,
  ): Promise<void> {
    if (member.status === 'pending_verification') {
      await this.accounts.replaceCode(member.member_id, pendingCode(code, now));
      await this.sendCode(organization, member.email, member.account_id, code);
      return;
    }
    await this.notifications.send({
      channel: 'email',
      recipient: member.email,
      org_id: organization.org_id,
      account_id: member.account_id,
      subject: `${organization.name}: registration attempt`,
      body:
        'Someone tried to register a new account with this email address, which already has one. ' +
        'If it was you, sign in or reset your password instead; otherwise ignore this message.',
    });
  }

  private sendCode(
    organization: Organization,
    email: string,
    account_id: string,
    code: string,
  ): Promise<void> {
    return this.notifications.send({
      channel: 'email',
      recipient: email,
      org_id: organization.org_id,
      account_id,
      subject: `${organization.name}: your verification code`,
      body: `Your verification code is ${code}. It expires in ${VERIFICATION_CODE_TTL_MS / 60_000} minutes.`,
    });
  }

  /** Any mismatch (unknown email, wrong, expired or burnt code) is the same `invalid_code`. */
  async confirm(
    command: ConfirmRegistrationCommand,
    correlation_id: string | null,
  ): Promise<ConfirmedSession> {
    const organization = await this.requireOrganization(command.org);
    const email = command.email.trim().toLowerCase();
    const now = new Date();
    const magic = this.context.environment === 'test' && command.code === TEST_MAGIC_CODE;
    const member = await this.accounts.confirmPending(
      organization.org_id,
      email,
      (pending) => magic || (pending !== null && codeMatches(pending, command.code, now)),
      { kyc_status: kycStatusOnConfirm(this.context.environment), correlation_id },
    );
    if (!member) throw new DomainError('invalid_code', 'the verification code is wrong or expired');
    // A test account has its demo history by the time confirm answers (once per account).
    if (this.context.environment === 'test') await this.seedDemoHistory(member, now);
    const session = await this.sessions.open(member, now, command.client ?? null);
    const account = await this.accounts.profile(member.account_id);
    if (!account) throw new Error(`account ${member.account_id} vanished after confirm`);
    const { account_id: _account_id, ...rest } = session;
    return { ...rest, account };
  }

  /**
   * The demo payins and payouts, oldest first (a payout never finds the balance short), made by
   * the payins and payouts services; confirm answers once the ledger's movements show them.
   */
  private async seedDemoHistory(
    member: { account_id: string; org_id: string },
    now: Date,
  ): Promise<void> {
    const reference_ids: string[] = [];
    for (const step of demoHistoryOf(member.account_id, member.org_id, now)) {
      reference_ids.push(
        step.kind === 'payin'
          ? await this.demo.seedPayin(step.record)
          : await this.demo.seedPayout(step.record),
      );
    }
    await this.demo.awaitMovements(member.account_id, reference_ids);
  }

  private async requireOrganization(slug: string): Promise<Organization> {
    const organization = await this.organizations.findBySlug(slug);
    if (!organization) throw new DomainError('unknown_org', 'no organization has that slug');
    return organization;
  }
}

function codeMatches(pending: PendingCode, code: string, now: Date): boolean {
  const equal = timingSafeEqual(sha256(code), pending.code_hash);
  return (
    equal && pending.expires_at > now && pending.failed_attempts < VERIFICATION_CODE_MAX_FAILURES
  );
}
