import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type OrgOtpPolicyReply,
  type OtpChannel,
  type OtpPreferences,
  type SetOrgOtpPolicyCommand,
  type SetOtpPreferencesCommand,
} from '@platform/contracts';
import {
  assertOtpEnabled,
  DEFAULT_CHANNEL_ORDER,
  decidePreferences,
  decideRequiredActions,
  parseChannel,
} from '../domain/otp-policy';
import { OtpPolicyRepository, type OrgOtpPolicy } from '../infrastructure/otp-policy.repository';
import { otpFactorsOf } from './otp-codes';

function preferencesAnswer(
  policy: OrgOtpPolicy,
  channels: readonly OtpChannel[] | null,
): OtpPreferences {
  return {
    // No stored preference: every channel, strongest usable first (the default order).
    channels: [...(channels ?? DEFAULT_CHANNEL_ORDER)],
    channel_floor: policy.floor,
    required_actions: policy.required_actions,
    login_otp_required: policy.login_otp_required,
    otp_enabled: policy.otp_enabled,
  };
}

/** The account's OTP channel preferences (owners) and the organization's policy (operator). */
@Injectable()
export class OtpSettingsService {
  constructor(private readonly policies: OtpPolicyRepository) {}

  async preferences(account_id: string, org_id: string): Promise<OtpPreferences> {
    const policy = await this.requirePolicy(org_id);
    return preferencesAnswer(policy, await this.policies.preferencesOf(account_id));
  }

  /** Spec §5 rule 7: only an owner changes 2FA preferences. */
  async setPreferences(command: SetOtpPreferencesCommand): Promise<OtpPreferences> {
    if (command.role !== 'owner')
      throw new DomainError('owner_required', 'only an owner changes OTP preferences');
    const policy = await this.requirePolicy(command.actor.org_id);
    assertOtpEnabled(policy.otp_enabled);
    const factors = await this.policies.factorsOf(command.actor.member_id);
    if (!factors) throw new DomainError('unauthorized', 'a valid credential is required');
    const current = otpFactorsOf(policy, factors, new Date());
    const channels = decidePreferences(command.preferences.channels, current);
    await this.policies.savePreferences(command.actor.account_id, channels);
    return preferencesAnswer(policy, channels);
  }

  /** Decisions D2: the operator sets an organization's OTP policy; omitted fields stay. */
  async setOrgPolicy(command: SetOrgOtpPolicyCommand): Promise<OrgOtpPolicyReply> {
    const current = await this.policies.policyBySlug(command.org);
    if (!current) throw new DomainError('unknown_org', 'no organization has that slug');
    const next: OrgOtpPolicy = {
      ...current,
      floor:
        command.otp_channel_floor === undefined
          ? current.floor
          : parseChannel(command.otp_channel_floor),
      login_otp_required: command.login_otp_required ?? current.login_otp_required,
      required_actions:
        command.required_actions === undefined
          ? current.required_actions
          : decideRequiredActions(command.required_actions),
      otp_enabled: command.otp_enabled ?? current.otp_enabled,
    };
    await this.policies.savePolicy(next);
    return {
      org: command.org,
      otp_enabled: next.otp_enabled,
      otp_channel_floor: next.floor,
      login_otp_required: next.login_otp_required,
      required_actions: next.required_actions,
    };
  }

  private async requirePolicy(org_id: string): Promise<OrgOtpPolicy> {
    const policy = await this.policies.policyOf(org_id);
    if (!policy) throw new DomainError('unauthorized', 'a valid credential is required');
    return policy;
  }
}
