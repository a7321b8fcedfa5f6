import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { recordSecurityEvent } from './security-events';

export interface EmailOwner {
  member_id: string;
  account_id: string;
  org_id: string;
  email: string;
}

export interface PendingEmailChange {
  new_email: string;
  code_hash: Buffer;
  expires_at: Date;
  failed_attempts: number;
}

/** What a verification attempt came to. */
export type EmailChangeOutcome =
  | { kind: 'changed'; old_email: string; new_email: string }
  | { kind: 'nothing_pending' }
  | { kind: 'wrong_code' }
  | { kind: 'taken' };

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class EmailChangeRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async activeMember(account_id: string, member_id: string): Promise<EmailOwner | null> {
    const { rows } = await this.pool.query<EmailOwner>(
      `select id as member_id, account_id, org_id, email from members
        where id = $1 and account_id = $2 and status = 'active'`,
      [member_id, account_id],
    );
    return rows[0] ?? null;
  }

  async emailTaken(org_id: string, email: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      'select 1 from members where org_id = $1 and email = $2',
      [org_id, email],
    );
    return rows.length > 0;
  }

  /** One pending change per member: a new request replaces the previous one and its code. */
  async savePending(member_id: string, pending: Omit<PendingEmailChange, 'failed_attempts'>) {
    await this.pool.query(
      `insert into email_changes (member_id, new_email, code_hash, expires_at, failed_attempts)
       values ($1, $2, $3, $4, 0)
       on conflict (member_id) do update set new_email = excluded.new_email,
         code_hash = excluded.code_hash, expires_at = excluded.expires_at, failed_attempts = 0`,
      [member_id, pending.new_email, pending.code_hash, pending.expires_at],
    );
  }

  /**
   * Under a lock on the member and its pending change, asks `accepts` about the code. On
   * acceptance the member's sign-in email changes, and the account's contact email with it
   * when it was the same address; a wrong code counts against the change.
   */
  async complete(
    owner: EmailOwner,
    accepts: (pending: PendingEmailChange) => boolean,
    client_info: ClientInfo | null,
  ): Promise<EmailChangeOutcome> {
    return withTransaction<EmailChangeOutcome>(this.pool, async (client) => {
      await client.query('select 1 from members where id = $1 for update', [owner.member_id]);
      const { rows } = await client.query<PendingEmailChange>(
        `select new_email, code_hash, expires_at, failed_attempts from email_changes
          where member_id = $1 for update`,
        [owner.member_id],
      );
      const pending = rows[0];
      if (!pending) return { kind: 'nothing_pending' };
      if (!accepts(pending)) {
        await client.query(
          'update email_changes set failed_attempts = failed_attempts + 1 where member_id = $1',
          [owner.member_id],
        );
        return { kind: 'wrong_code' };
      }
      const { rows: holders } = await client.query(
        'select 1 from members where org_id = $1 and email = $2',
        [owner.org_id, pending.new_email],
      );
      if (holders.length > 0) return { kind: 'taken' };
      await client.query('update members set email = $2 where id = $1', [
        owner.member_id,
        pending.new_email,
      ]);
      await this.finish(client, owner, pending.new_email, client_info);
      return { kind: 'changed', old_email: owner.email, new_email: pending.new_email };
    }).catch((error: unknown) => {
      // A racing change took the address first: the unique index refused it, nothing changed.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        return { kind: 'taken' } satisfies EmailChangeOutcome;
      throw error;
    });
  }

  private async finish(
    client: PoolClient,
    owner: EmailOwner,
    new_email: string,
    client_info: ClientInfo | null,
  ): Promise<void> {
    await client.query('update accounts set email = $3 where id = $1 and email = $2', [
      owner.account_id,
      owner.email,
      new_email,
    ]);
    await client.query('delete from email_changes where member_id = $1', [owner.member_id]);
    await recordSecurityEvent(client, {
      owner: { account_id: owner.account_id, member_id: owner.member_id },
      type: 'email_changed',
      client_info,
    });
  }
}
