import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo, KycStatus } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  PASSWORD_RESET_FAILURE_LIMIT,
  PASSWORD_RESET_FAILURE_WINDOW_MS,
  PASSWORD_RESET_SENDS_PER_HOUR,
} from '../domain/credentials';
import { AccountsRepository, type Member } from './accounts.repository';
import { SessionsRepository } from './sessions.repository';

const HOUR_MS = 60 * 60 * 1000;

export interface ResetCode {
  code_hash: Buffer;
  expires_at: Date;
}

/** What a reset attempt came to. */
export type ResetOutcome = 'reset' | 'wrong_code' | 'throttled';

@Injectable()
export class PasswordResetsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Stores a new code unless the member had 5 sends in the last hour; true when stored. */
  async issueCode(member_id: string, code: ResetCode, now: Date): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      await lockMember(client, member_id);
      const { rows } = await client.query<{ sends: number }>(
        'select count(*)::int as sends from password_reset_sends where member_id = $1 and sent_at > $2',
        [member_id, new Date(now.getTime() - HOUR_MS)],
      );
      if ((rows[0]?.sends ?? 0) >= PASSWORD_RESET_SENDS_PER_HOUR) return false;
      await client.query('insert into password_reset_sends (member_id, sent_at) values ($1, $2)', [
        member_id,
        now,
      ]);
      await client.query(
        `insert into password_reset_codes (member_id, code_hash, expires_at) values ($1, $2, $3)
         on conflict (member_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at`,
        [member_id, code.code_hash, code.expires_at],
      );
      return true;
    });
  }

  /**
   * Under a lock on the member: refuses past 8 wrong codes in 15 minutes; otherwise asks
   * `accepts` about the stored code. On acceptance the password changes, a pending registration
   * is confirmed (the email is verified), the code is spent and every session is revoked.
   */
  async reset(
    member: Member,
    attempt: {
      accepts: (code: ResetCode | null) => boolean;
      password_hash: string;
      now: Date;
      kyc_status_on_confirm: KycStatus;
      correlation_id: string | null;
      client_info: ClientInfo | null;
    },
  ): Promise<ResetOutcome> {
    return withTransaction(this.pool, async (client) => {
      await lockMember(client, member.member_id);
      const window_start = new Date(attempt.now.getTime() - PASSWORD_RESET_FAILURE_WINDOW_MS);
      const failures = await client.query<{ failures: number }>(
        'select count(*)::int as failures from password_reset_failures where member_id = $1 and failed_at > $2',
        [member.member_id, window_start],
      );
      if ((failures.rows[0]?.failures ?? 0) >= PASSWORD_RESET_FAILURE_LIMIT) return 'throttled';
      const { rows } = await client.query<ResetCode>(
        'select code_hash, expires_at from password_reset_codes where member_id = $1',
        [member.member_id],
      );
      if (!attempt.accepts(rows[0] ?? null)) {
        await client.query(
          'insert into password_reset_failures (member_id, failed_at) values ($1, $2)',
          [member.member_id, attempt.now],
        );
        return 'wrong_code';
      }
      await this.applyReset(client, member, attempt);
      return 'reset';
    });
  }

  private async applyReset(
    client: PoolClient,
    member: Member,
    attempt: {
      password_hash: string;
      kyc_status_on_confirm: KycStatus;
      correlation_id: string | null;
      client_info: ClientInfo | null;
    },
  ): Promise<void> {
    await client.query('update members set password_hash = $2 where id = $1', [
      member.member_id,
      attempt.password_hash,
    ]);
    if (member.status === 'pending_verification')
      await this.accounts.activate(client, member, {
        kyc_status: attempt.kyc_status_on_confirm,
        correlation_id: attempt.correlation_id,
      });
    await client.query('delete from password_reset_codes where member_id = $1', [member.member_id]);
    await client.query('delete from password_reset_failures where member_id = $1', [
      member.member_id,
    ]);
    await this.sessions.revokeInTransaction(
      client,
      { account_id: member.account_id, member_id: member.member_id },
      null,
      'password_reset',
      attempt.client_info,
    );
  }
}

async function lockMember(client: PoolClient, member_id: string): Promise<void> {
  await client.query('select 1 from members where id = $1 for update', [member_id]);
}
