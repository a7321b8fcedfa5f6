import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  IDENTITY_VERIFICATION_COMMANDS,
  type IssueVerificationLinkCommand,
  type VerificationKind,
  type VerificationLink,
  type VerificationView,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { initialVerification } from '../domain/verification-state';
import { verificationViewOf } from '../domain/verification-views';
import { VerificationsRepository } from '../infrastructure/verifications.repository';
import { newLinkToken, tokenHash } from './link-tokens';
import { VerificationWriter } from './verification-writer';

const HOUR_MS = 3_600_000;

export function kindOf(type: 'person' | 'company'): VerificationKind {
  return type === 'company' ? 'kyb' : 'kyc';
}

/** An account's own verification: its state and a hosted onboarding link (decisions D8). */
@Injectable()
export class SelfVerification {
  constructor(
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    private readonly bus: BusClient,
    private readonly verifications: VerificationsRepository,
    private readonly writer: VerificationWriter,
  ) {}

  async view(account_id: string): Promise<VerificationView> {
    const state = await this.verifications.read(account_id);
    if (state) return verificationViewOf(state, state.kind);
    const subject = await this.bus.send(IDENTITY_VERIFICATION_COMMANDS.get_subject, {
      account_id,
      member_id: null,
    });
    // Identity's status stands for an account that never used a link (sandbox: approved).
    return { ...verificationViewOf(null, kindOf(subject.type)), status: subject.kyc_status };
  }

  async issueLink(command: IssueVerificationLinkCommand): Promise<VerificationLink> {
    const subject = await this.bus.send(IDENTITY_VERIFICATION_COMMANDS.get_subject, {
      account_id: command.account_id,
      member_id: command.member_id,
    });
    const token = newLinkToken();
    const link_id = randomUUID();
    const now = new Date();
    const expires_at = new Date(
      now.getTime() + this.settings.VERIFICATION_LINK_TTL_HOURS * HOUR_MS,
    ).toISOString();
    const kind = kindOf(subject.type);
    await this.writer.write(
      command.account_id,
      () => ({
        type: 'issue_link',
        data: {
          account_active: subject.active,
          lacks_second_factor: command.member_id !== null && !subject.second_factor_enrolled,
          link_id,
          submission_id: randomUUID(),
          expires_at,
          now: now.toISOString(),
        },
      }),
      {
        // Identity's status is where an account without a verification starts (sandbox: approved).
        initial: () => ({
          ...initialVerification(command.account_id, subject.org_id, kind),
          status: subject.kyc_status,
        }),
        link: { token_hash: tokenHash(token), link_id, expires_at },
      },
    );
    return {
      link_id,
      url: `${command.base_url.replace(/\/+$/, '')}/verify/onboarding/${token}`,
      kind,
      expires_at,
    };
  }
}
