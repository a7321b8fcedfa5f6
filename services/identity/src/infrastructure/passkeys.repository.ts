import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { MemberRole, MemberStatus, PasskeyListing } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { LoginMethods } from '../domain/social-login';
import { lockedLoginMethodsOf } from './social-identities.repository';

export type ChallengePurpose = 'registration' | 'login';

/** A stored passkey, as the verifier needs it. */
export interface StoredPasskey {
  id: string;
  member_id: string;
  account_id: string;
  org_id: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: number;
  transports: string[];
}

/** The member behind a passkey, for a sign-in. */
export interface PasskeyOwner {
  member_id: string;
  account_id: string;
  org_id: string;
  role: MemberRole;
  status: MemberStatus;
}

interface PasskeyRow extends Omit<StoredPasskey, 'sign_count'> {
  sign_count: string;
}

@Injectable()
export class PasskeysRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async saveChallenge(challenge: {
    challenge: string;
    purpose: ChallengePurpose;
    org_id: string;
    member_id: string | null;
    expires_at: Date;
  }): Promise<void> {
    // Expired challenges go as new ones arrive; there is nothing else to clean.
    await this.pool.query('delete from passkey_challenges where expires_at < now()');
    await this.pool.query(
      `insert into passkey_challenges (challenge, purpose, org_id, member_id, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [
        challenge.challenge,
        challenge.purpose,
        challenge.org_id,
        challenge.member_id,
        challenge.expires_at,
      ],
    );
  }

  /**
   * Takes a live challenge of this purpose and owner out of the table: true at most once per
   * challenge, so a replayed response finds nothing.
   */
  async consumeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    owner: { org_id: string; member_id: string | null },
    now: Date,
  ): Promise<boolean> {
    const result = await this.pool.query(
      `delete from passkey_challenges
        where challenge = $1 and purpose = $2 and org_id = $3
          and member_id is not distinct from $4 and expires_at > $5`,
      [challenge, purpose, owner.org_id, owner.member_id, now],
    );
    return (result.rowCount ?? 0) === 1;
  }

  async organizationName(org_id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ name: string }>(
      'select name from organizations where id = $1',
      [org_id],
    );
    return rows[0]?.name ?? null;
  }

  async credentialIdsOf(
    member_id: string,
  ): Promise<{ credential_id: string; transports: string[] }[]> {
    const { rows } = await this.pool.query<{ credential_id: string; transports: string[] }>(
      'select credential_id, transports from passkeys where member_id = $1 order by created_at',
      [member_id],
    );
    return rows;
  }

  /** False when the credential is already registered (to this member or anyone). */
  async insert(passkey: StoredPasskey & { label: string | null }): Promise<boolean> {
    const result = await this.pool.query(
      `insert into passkeys (id, member_id, account_id, org_id, credential_id, public_key, sign_count, transports, label)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict on constraint passkeys_credential_key do nothing`,
      [
        passkey.id,
        passkey.member_id,
        passkey.account_id,
        passkey.org_id,
        passkey.credential_id,
        passkey.public_key,
        passkey.sign_count,
        JSON.stringify(passkey.transports),
        passkey.label,
      ],
    );
    return (result.rowCount ?? 0) === 1;
  }

  async findForLogin(
    org_id: string,
    credential_id: string,
  ): Promise<{ passkey: StoredPasskey; owner: PasskeyOwner } | null> {
    const { rows } = await this.pool.query<PasskeyRow & { role: MemberRole; status: MemberStatus }>(
      `select p.id, p.member_id, p.account_id, p.org_id, p.credential_id, p.public_key,
              p.sign_count, p.transports, m.role, m.status
         from passkeys p join members m on m.id = p.member_id
        where p.org_id = $1 and p.credential_id = $2`,
      [org_id, credential_id],
    );
    const row = rows[0];
    if (!row) return null;
    const { role, status, ...passkey } = row;
    return {
      passkey: { ...passkey, sign_count: Number(passkey.sign_count) },
      owner: {
        member_id: row.member_id,
        account_id: row.account_id,
        org_id: row.org_id,
        role,
        status,
      },
    };
  }

  /**
   * Records a sign-in with the authenticator's new counter, only if no other sign-in moved the
   * counter meanwhile: false means a concurrent use of the same counter value (a clone).
   */
  async recordUse(passkey_id: string, previous_count: number, new_count: number): Promise<boolean> {
    const result = await this.pool.query(
      `update passkeys set sign_count = $3, last_used_at = now() where id = $1 and sign_count = $2`,
      [passkey_id, previous_count, new_count],
    );
    return (result.rowCount ?? 0) === 1;
  }

  async list(member_id: string, limit: number, offset: number): Promise<PasskeyListing[]> {
    const { rows } = await this.pool.query<{
      id: string;
      label: string | null;
      created_at: Date;
      last_used_at: Date | null;
    }>(
      `select id, label, created_at, last_used_at from passkeys where member_id = $1
        order by created_at desc, id desc limit $2 offset $3`,
      [member_id, limit, offset],
    );
    return rows.map((row) => ({
      id: row.id,
      label: row.label,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
    }));
  }

  /**
   * Deletes a passkey of the member if `decide`, given the member's sign-in methods under a
   * lock on the member, does not throw. False when the member has no such passkey.
   */
  async deleteIf(
    member_id: string,
    passkey_id: string,
    decide: (methods: LoginMethods) => void,
  ): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const methods = await lockedLoginMethodsOf(client, member_id);
      const { rows } = await client.query(
        'select 1 from passkeys where id::text = $1 and member_id = $2',
        [passkey_id, member_id],
      );
      if (rows.length === 0) return false;
      decide(methods);
      await client.query('delete from passkeys where id::text = $1', [passkey_id]);
      return true;
    });
  }
}
