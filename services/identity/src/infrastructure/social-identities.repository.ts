import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  DomainError,
  type AccountType,
  type KycStatus,
  type LinkedIdentity,
  type PlatformLocale,
  type SocialProvider,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { hasPassword, NO_PASSWORD_HASH, type LoginMethods } from '../domain/social-login';
import { AccountsRepository, type Member } from './accounts.repository';
import { IDENTITY_EVENTS } from './identity-store';

const MEMBER_COLUMNS = `m.id as member_id, m.account_id, m.org_id, m.email, m.password_hash, m.role, m.status`;

/** A provider identity to link: who the provider says the person is. */
export interface IdentityLink {
  provider: SocialProvider;
  subject: string;
  email: string | null;
}

/** A new, active account whose owner signs in without a password. */
export interface PasswordlessAccount {
  account_id: string;
  member_id: string;
  org_id: string;
  type: AccountType;
  display_name: string;
  email: string;
  locale: PlatformLocale;
  kyc_status: KycStatus;
  identity: IdentityLink | null;
  correlation_id: string | null;
}

export type LinkOutcome = 'linked' | 'already_linked' | 'identity_taken' | 'provider_taken';

/** The member's ways to sign in, read under a lock on the member so removals serialize. */
export async function lockedLoginMethodsOf(
  client: PoolClient,
  member_id: string,
): Promise<LoginMethods> {
  const { rows } = await client.query<{
    password_hash: string;
    identities: number;
    passkeys: number;
  }>(
    `select m.password_hash,
            (select count(*)::int from social_identities s where s.member_id = m.id) as identities,
            (select count(*)::int from passkeys p where p.member_id = m.id) as passkeys
       from members m where m.id = $1 for update`,
    [member_id],
  );
  const row = rows[0];
  if (!row) return { has_password: false, social_identities: 0, passkeys: 0 };
  return {
    has_password: hasPassword(row.password_hash),
    social_identities: row.identities,
    passkeys: row.passkeys,
  };
}

class EmailTaken extends Error {}

@Injectable()
export class SocialIdentitiesRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(IDENTITY_EVENTS) private readonly events: PgEventStore,
    private readonly accounts: AccountsRepository,
  ) {}

  /**
   * The active member a request acts for. Sign-in methods belong to a person: an API key
   * (no member) is `session_required`; a member signed out meanwhile is `unauthorized`.
   */
  async signedInMember(
    actor: { account_id: string; member_id: string | null },
    what: string,
  ): Promise<Member> {
    if (!actor.member_id)
      throw new DomainError('session_required', `${what} belong to a person: use a user session`);
    const member = await this.memberById(actor.member_id);
    if (!member || member.account_id !== actor.account_id || member.status !== 'active')
      throw new DomainError('unauthorized', 'the session has ended');
    return member;
  }

  /**
   * Confirms a pending member whose email another environment verified, with the confirmation
   * event; nothing when a racing confirmation got there first.
   */
  async confirmPending(
    member: Member,
    confirmation: { kyc_status: KycStatus; correlation_id: string | null },
  ): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(
        `select 1 from members where id = $1 and status = 'pending_verification' for update`,
        [member.member_id],
      );
      if (rows.length === 1) await this.accounts.activate(client, member, confirmation);
    });
  }

  async memberById(member_id: string): Promise<Member | null> {
    const { rows } = await this.pool.query<Member>(
      `select ${MEMBER_COLUMNS} from members m where m.id = $1`,
      [member_id],
    );
    return rows[0] ?? null;
  }

  async memberByIdentity(
    org_id: string,
    provider: SocialProvider,
    subject: string,
  ): Promise<Member | null> {
    const { rows } = await this.pool.query<Member>(
      `select ${MEMBER_COLUMNS} from social_identities s join members m on m.id = s.member_id
        where s.org_id = $1 and s.provider = $2 and s.subject = $3`,
      [org_id, provider, subject],
    );
    return rows[0] ?? null;
  }

  /**
   * The account, its owner member (no password) and the linked identity, confirmed at once, with
   * the registration and confirmation events, in one transaction. False when the organization
   * already has a member with this email (or the identity is linked) by the time it commits.
   */
  async createPasswordlessAccount(account: PasswordlessAccount): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      await client.query(
        `insert into accounts (id, org_id, type, display_name, email, locale, status, kyc_status, confirmed_at)
         values ($1, $2, $3, $4, $5, $6, 'active', $7, now())`,
        [
          account.account_id,
          account.org_id,
          account.type,
          account.display_name,
          account.email,
          account.locale,
          account.kyc_status,
        ],
      );
      const member = await client.query(
        `insert into members (id, account_id, org_id, email, password_hash, role, status)
         values ($1, $2, $3, $4, $5, 'owner', 'active')
         on conflict on constraint members_org_email_key do nothing`,
        [account.member_id, account.account_id, account.org_id, account.email, NO_PASSWORD_HASH],
      );
      if (member.rowCount === 0) throw new EmailTaken();
      if (account.identity && !(await this.insertLink(client, account, account.identity)))
        throw new EmailTaken();
      await this.appendSignUpEvents(client, account);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof EmailTaken) return false;
      throw error;
    });
  }

  private async appendSignUpEvents(
    client: PoolClient,
    account: PasswordlessAccount,
  ): Promise<void> {
    const common = {
      org_id: account.org_id,
      account_id: account.account_id,
      correlation_id: account.correlation_id,
    };
    await this.events.appendInTransaction(
      client,
      `account-${account.account_id}`,
      [
        {
          type: 'identity.account_registered',
          data: {
            account_id: account.account_id,
            org_id: account.org_id,
            type: account.type,
            email: account.email,
          },
          ...common,
        },
        {
          type: 'identity.account_confirmed',
          data: {
            account_id: account.account_id,
            org_id: account.org_id,
            kyc_status: account.kyc_status,
          },
          ...common,
        },
      ],
      { expected_version: 'no_stream' },
    );
  }

  private async insertLink(
    client: PoolClient,
    member: { org_id: string; member_id: string; account_id: string },
    identity: IdentityLink,
  ): Promise<boolean> {
    const result = await client.query(
      `insert into social_identities (org_id, provider, subject, member_id, account_id, email)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [
        member.org_id,
        identity.provider,
        identity.subject,
        member.member_id,
        member.account_id,
        identity.email,
      ],
    );
    return (result.rowCount ?? 0) === 1;
  }

  /** Links an identity to a member; says why not when it cannot. */
  async link(member: Member, identity: IdentityLink): Promise<LinkOutcome> {
    return withTransaction(this.pool, async (client) => {
      await client.query('select 1 from members where id = $1 for update', [member.member_id]);
      const { rows } = await client.query<{ member_id: string; subject: string; provider: string }>(
        `select member_id, subject, provider from social_identities
          where (org_id = $1 and provider = $2 and subject = $3) or (member_id = $4 and provider = $2)`,
        [member.org_id, identity.provider, identity.subject, member.member_id],
      );
      const same = rows.find(
        (row) => row.subject === identity.subject && row.member_id === member.member_id,
      );
      if (same) return 'already_linked';
      if (rows.some((row) => row.subject === identity.subject)) return 'identity_taken';
      if (rows.length > 0) return 'provider_taken';
      return (await this.insertLink(client, member, identity)) ? 'linked' : 'identity_taken';
    });
  }

  async list(member_id: string): Promise<LinkedIdentity[]> {
    const { rows } = await this.pool.query<{
      provider: SocialProvider;
      email: string | null;
      created_at: Date;
    }>(
      `select provider, email, created_at from social_identities where member_id = $1
        order by created_at desc`,
      [member_id],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  /**
   * Unlinks the member's identity at a provider if `decide`, given the member's sign-in
   * methods under a lock, does not throw. False when nothing is linked there.
   */
  async unlinkIf(
    member_id: string,
    provider: SocialProvider,
    decide: (methods: LoginMethods) => void,
  ): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const methods = await lockedLoginMethodsOf(client, member_id);
      const { rows } = await client.query(
        'select 1 from social_identities where member_id = $1 and provider = $2',
        [member_id, provider],
      );
      if (rows.length === 0) return false;
      decide(methods);
      await client.query('delete from social_identities where member_id = $1 and provider = $2', [
        member_id,
        provider,
      ]);
      return true;
    });
  }
}
