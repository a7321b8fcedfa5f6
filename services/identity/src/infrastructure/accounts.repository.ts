import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type {
  AccountProfile,
  AccountType,
  KycStatus,
  MemberRole,
  MemberStatus,
  PlatformLocale,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction, type NotifiedCache } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { EditableProfile, Registration } from '../domain/account';
import { IDENTITY_EVENTS } from './identity-store';
import { backfillVerifiedIdentity } from './kyc-backfill';
import { IDENTITY_READS } from './identity-reads';

export interface Member {
  member_id: string;
  account_id: string;
  org_id: string;
  email: string;
  password_hash: string;
  role: MemberRole;
  status: MemberStatus;
}

export interface PendingCode {
  code_hash: Buffer;
  expires_at: Date;
  failed_attempts: number;
}

interface ProfileRow {
  id: string;
  type: AccountType;
  display_name: string;
  email: string;
  tax_id: string | null;
  phone: string | null;
  country: string | null;
  locale: PlatformLocale;
  status: AccountProfile['status'];
  kyc_status: KycStatus;
  created_at: Date;
}

const PROFILE_COLUMNS = `id, type, display_name, email, tax_id, phone, country, locale, status, kyc_status, created_at`;
const MEMBER_COLUMNS = `id as member_id, account_id, org_id, email, password_hash, role, status`;

class EmailTaken extends Error {}

function accountStream(account_id: string): string {
  return `account-${account_id}`;
}

@Injectable()
export class AccountsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(IDENTITY_EVENTS) private readonly events: PgEventStore,
    @Inject(IDENTITY_READS) private readonly reads: NotifiedCache,
  ) {}

  async findMember(org_id: string, email: string): Promise<Member | null> {
    const { rows } = await this.pool.query<Member>(
      `select ${MEMBER_COLUMNS} from members where org_id = $1 and email = $2`,
      [org_id, email],
    );
    return rows[0] ?? null;
  }

  /**
   * The account, its owner member and the first verification code, with the registration event,
   * in one transaction. False when the organization already has a member with this email.
   */
  async insertRegistration(input: {
    account_id: string;
    member_id: string;
    org_id: string;
    registration: Registration;
    password_hash: string;
    code: PendingCode;
    correlation_id: string | null;
  }): Promise<boolean> {
    const { registration: r } = input;
    return withTransaction(this.pool, async (client) => {
      await client.query(
        `insert into accounts (id, org_id, type, display_name, email, tax_id, phone, country, locale, profile, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending_verification')`,
        [
          input.account_id,
          input.org_id,
          r.type,
          r.display_name,
          r.email,
          r.tax_id,
          r.phone,
          r.country,
          r.locale,
          JSON.stringify(r.profile),
        ],
      );
      const member = await client.query(
        `insert into members (id, account_id, org_id, email, password_hash, role, status)
         values ($1, $2, $3, $4, $5, 'owner', 'pending_verification')
         on conflict on constraint members_org_email_key do nothing`,
        [input.member_id, input.account_id, input.org_id, r.email, input.password_hash],
      );
      // A racing registration of the same email won: roll back this account with it.
      if (member.rowCount === 0) throw new EmailTaken();
      await this.saveCode(client, input.member_id, input.code);
      await this.events.appendInTransaction(
        client,
        accountStream(input.account_id),
        [
          {
            type: 'identity.account_registered',
            data: {
              account_id: input.account_id,
              org_id: input.org_id,
              type: r.type,
              email: r.email,
            },
            org_id: input.org_id,
            account_id: input.account_id,
            correlation_id: input.correlation_id,
          },
        ],
        { expected_version: 'no_stream' },
      );
      return true;
    }).catch((error: unknown) => {
      if (error instanceof EmailTaken) return false;
      throw error;
    });
  }

  async replaceCode(member_id: string, code: PendingCode): Promise<void> {
    await this.saveCode(this.pool, member_id, code);
  }

  private async saveCode(
    client: Pool | PoolClient,
    member_id: string,
    code: PendingCode,
  ): Promise<void> {
    await client.query(
      `insert into email_verifications (member_id, code_hash, expires_at, failed_attempts)
       values ($1, $2, $3, 0)
       on conflict (member_id) do update set code_hash = excluded.code_hash,
         expires_at = excluded.expires_at, failed_attempts = 0`,
      [member_id, code.code_hash, code.expires_at],
    );
  }

  /**
   * Runs `decide` on the pending member and its code under a row lock, so two confirms of one
   * code cannot both pass. `decide` answers whether the code is accepted; on acceptance the
   * member and account become active with the confirmation event, otherwise the failure counts.
   */
  async confirmPending(
    org_id: string,
    email: string,
    decide: (code: PendingCode | null) => boolean,
    confirmation: { kyc_status: KycStatus; correlation_id: string | null },
  ): Promise<Member | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<Member & Partial<PendingCode>>(
        `select m.id as member_id, m.account_id, m.org_id, m.email, m.password_hash, m.role, m.status,
                v.code_hash, v.expires_at, v.failed_attempts
           from members m left join email_verifications v on v.member_id = m.id
          where m.org_id = $1 and m.email = $2 and m.status = 'pending_verification'
          for update of m`,
        [org_id, email],
      );
      const row = rows[0];
      const code =
        row?.code_hash && row.expires_at
          ? {
              code_hash: row.code_hash,
              expires_at: row.expires_at,
              failed_attempts: row.failed_attempts ?? 0,
            }
          : null;
      if (!decide(code)) {
        if (row && code)
          await client.query(
            'update email_verifications set failed_attempts = failed_attempts + 1 where member_id = $1',
            [row.member_id],
          );
        return null;
      }
      if (!row) return null;
      await this.activate(client, row, confirmation);
      return { ...row, status: 'active' };
    });
  }

  /** Member and account become active, with the confirmation event, in the caller's transaction. */
  async activate(
    client: PoolClient,
    member: Member,
    confirmation: { kyc_status: KycStatus; correlation_id: string | null },
  ): Promise<void> {
    await client.query(`update members set status = 'active' where id = $1`, [member.member_id]);
    await client.query(
      `update accounts set status = 'active', kyc_status = $2, confirmed_at = now() where id = $1`,
      [member.account_id, confirmation.kyc_status],
    );
    if (confirmation.kyc_status === 'approved')
      await backfillVerifiedIdentity(client, member.account_id);
    await client.query('delete from email_verifications where member_id = $1', [member.member_id]);
    await this.events.appendInTransaction(
      client,
      accountStream(member.account_id),
      [
        {
          type: 'identity.account_confirmed',
          data: {
            account_id: member.account_id,
            org_id: member.org_id,
            kyc_status: confirmation.kyc_status,
          },
          org_id: member.org_id,
          account_id: member.account_id,
          correlation_id: confirmation.correlation_id,
        },
      ],
      { expected_version: 'any' },
    );
  }

  /** Other services ask it with most of their requests: kept until the account's row changes. */
  async profile(account_id: string): Promise<AccountProfile | null> {
    const profile = await this.reads.read(
      `profile:${account_id}`,
      async () => {
        const { rows } = await this.pool.query<ProfileRow>(
          `select ${PROFILE_COLUMNS} from accounts where id = $1`,
          [account_id],
        );
        const row = rows[0];
        return row ? { ...row, created_at: row.created_at.toISOString() } : null;
      },
      () => [`a:${account_id}`],
    );
    return profile ? { ...profile } : null;
  }

  /**
   * Runs `decide` on the account under a row lock and stores what it answers, so concurrent
   * edits cannot interleave a check with another's write. Null when the account is absent.
   */
  async updateProfile(
    account_id: string,
    decide: (current: AccountProfile) => EditableProfile,
  ): Promise<AccountProfile | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<ProfileRow>(
        `select ${PROFILE_COLUMNS} from accounts where id = $1 for update`,
        [account_id],
      );
      const row = rows[0];
      if (!row) return null;
      const current = { ...row, created_at: row.created_at.toISOString() };
      const next = decide(current);
      await client.query(
        `update accounts set display_name = $2, tax_id = $3, phone = $4, country = $5, locale = $6
          where id = $1`,
        [account_id, next.display_name, next.tax_id, next.phone, next.country, next.locale],
      );
      return { ...current, ...next };
    });
  }
}
