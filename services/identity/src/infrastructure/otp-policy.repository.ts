import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DEFAULT_OTP_REQUIRED_ACTIONS, type OtpAction, type OtpChannel } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { SessionMember } from './sessions.repository';

/** An organization's OTP policy (decisions D2, D7). */
export interface OrgOtpPolicy {
  org_id: string;
  /** The organization's display name, for message subjects and the authenticator issuer. */
  org_name: string;
  floor: OtpChannel;
  login_otp_required: boolean;
  required_actions: OtpAction[];
  /** False when the organization turned one-time codes off altogether (`otp_disabled_for_org`). */
  otp_enabled: boolean;
}

/** What the channel rules need to know about one member and their account. */
export interface MemberOtpFactors {
  email: string;
  phone: string | null;
  phone_linked_at: Date | null;
  phone_verified_at: Date | null;
  preferences: OtpChannel[] | null;
  totp_confirmed: boolean;
}

interface PolicyRow {
  org_id: string;
  org_name: string;
  floor: OtpChannel;
  login_otp_required: boolean;
  required_actions: OtpAction[] | null;
  otp_enabled: boolean;
}

function toPolicy(row: PolicyRow): OrgOtpPolicy {
  return { ...row, required_actions: row.required_actions ?? [...DEFAULT_OTP_REQUIRED_ACTIONS] };
}

const POLICY_SELECT = `select o.id as org_id, o.name as org_name, o.otp_channel_floor as floor, o.login_otp_required,
         p.required_actions, coalesce(p.otp_enabled, true) as otp_enabled
    from organizations o left join org_otp_policies p on p.org_id = o.id`;

@Injectable()
export class OtpPolicyRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async policyOf(org_id: string): Promise<OrgOtpPolicy | null> {
    const { rows } = await this.pool.query<PolicyRow>(`${POLICY_SELECT} where o.id = $1`, [org_id]);
    return rows[0] ? toPolicy(rows[0]) : null;
  }

  async policyBySlug(slug: string): Promise<OrgOtpPolicy | null> {
    const { rows } = await this.pool.query<PolicyRow>(`${POLICY_SELECT} where o.slug = $1`, [slug]);
    return rows[0] ? toPolicy(rows[0]) : null;
  }

  /** Stores the whole policy; the floor and login flag live on the organization itself. */
  async savePolicy(policy: OrgOtpPolicy): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query(
        `update organizations set otp_channel_floor = $2, login_otp_required = $3 where id = $1`,
        [policy.org_id, policy.floor, policy.login_otp_required],
      );
      await client.query(
        `insert into org_otp_policies (org_id, required_actions, otp_enabled) values ($1, $2, $3)
         on conflict (org_id) do update set required_actions = excluded.required_actions,
           otp_enabled = excluded.otp_enabled, updated_at = now()`,
        [policy.org_id, policy.required_actions, policy.otp_enabled],
      );
    });
  }

  async factorsOf(member_id: string): Promise<MemberOtpFactors | null> {
    const { rows } = await this.pool.query<MemberOtpFactors>(
      `select m.email, a.phone, a.phone_linked_at, a.phone_verified_at,
              p.channels as preferences, (t.confirmed_at is not null) as totp_confirmed
         from members m
         join accounts a on a.id = m.account_id
         left join otp_preferences p on p.account_id = m.account_id
         left join totp_enrollments t on t.member_id = m.id
        where m.id = $1 and m.status = 'active'`,
      [member_id],
    );
    return rows[0] ?? null;
  }

  /** The member as a session starts it, when still active. */
  async sessionMemberOf(member_id: string): Promise<SessionMember | null> {
    const { rows } = await this.pool.query<SessionMember>(
      `select id as member_id, account_id, org_id, role from members
        where id = $1 and status = 'active'`,
      [member_id],
    );
    return rows[0] ?? null;
  }

  /** The member's password hash; empty when the member signs in without one. */
  async passwordHashOf(member_id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ password_hash: string | null }>(
      'select password_hash from members where id = $1',
      [member_id],
    );
    return rows[0]?.password_hash ?? null;
  }

  async savePreferences(account_id: string, channels: OtpChannel[]): Promise<void> {
    await this.pool.query(
      `insert into otp_preferences (account_id, channels) values ($1, $2)
       on conflict (account_id) do update set channels = excluded.channels, updated_at = now()`,
      [account_id, channels],
    );
  }

  async preferencesOf(account_id: string): Promise<OtpChannel[] | null> {
    const { rows } = await this.pool.query<{ channels: OtpChannel[] }>(
      'select channels from otp_preferences where account_id = $1',
      [account_id],
    );
    return rows[0]?.channels ?? null;
  }

  /** A code sent to this phone came back: the phone is proven, if it is still the account's. */
  async markPhoneVerified(account_id: string, phone: string): Promise<void> {
    await this.pool.query(
      'update accounts set phone_verified_at = now() where id = $1 and phone = $2',
      [account_id, phone],
    );
  }
}
