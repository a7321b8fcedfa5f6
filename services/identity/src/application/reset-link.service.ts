import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { DomainError, type ResetPasswordWithLinkCommand } from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { kycStatusOnConfirm, MAX_PASSWORD_CHARS } from '../domain/account';
import { sha256 } from '../domain/credentials';
import { assertPasswordStrength } from '../domain/org-admin';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { ResetLinkRepository } from '../infrastructure/reset-link.repository';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';
import { ARGON2_OPTIONS } from './organizations.service';

/** Spec §8: a reset link is single use and lives 60 minutes. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_TOKEN_PREFIX = 'rl_';

/**
 * The reset link that `forgot` mails beside the code. `PASSWORD_RESET_URL` (the organization
 * front end's reset page) turns the token into a clickable link; without it the message gives
 * the token for `POST /v1/auth/password/reset-link`.
 */
@Injectable()
export class ResetLinkService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    private readonly organizations: OrganizationsRepository,
    private readonly links: ResetLinkRepository,
  ) {}

  /** Issues a link for the member and answers the paragraph the reset email carries. */
  async issue(member_id: string, org: string, now: Date): Promise<string> {
    const token = `${RESET_LINK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.links.issue(member_id, sha256(token), new Date(now.getTime() + RESET_LINK_TTL_MS));
    const minutes = RESET_LINK_TTL_MS / 60_000;
    const page = this.settings.PASSWORD_RESET_URL;
    if (page) {
      const query = new URLSearchParams({ org, token }).toString();
      return `Or open this single-use link within ${minutes} minutes: ${page}?${query}`;
    }
    return `Or reset it with this single-use link token within ${minutes} minutes: ${token}`;
  }

  /** Used, expired or unknown links (and unknown organizations) are the same `invalid_code`. */
  async reset(
    command: ResetPasswordWithLinkCommand,
    correlation_id: string | null,
  ): Promise<{ status: 'password_reset' }> {
    assertPasswordStrength(command.new_password);
    if (command.new_password.length > MAX_PASSWORD_CHARS)
      throw new DomainError(
        'invalid_request',
        `password must have at most ${MAX_PASSWORD_CHARS} characters`,
      );
    const invalid = new DomainError('invalid_code', 'the reset link is invalid, used or expired');
    const organization = await this.organizations.findBySlug(command.org);
    if (!organization || !command.token.startsWith(RESET_LINK_TOKEN_PREFIX)) throw invalid;
    const redeemed = await this.links.redeem(organization.org_id, sha256(command.token), {
      password_hash: await hash(command.new_password, ARGON2_OPTIONS),
      now: new Date(),
      kyc_status_on_confirm: kycStatusOnConfirm(this.context.environment),
      correlation_id,
      client_info: command.client ?? null,
    });
    if (!redeemed) throw invalid;
    return { status: 'password_reset' };
  }
}
