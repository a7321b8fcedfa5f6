import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { OtpAction, OtpChannel } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';

export interface NewChallenge {
  challenge_id: string;
  member_id: string;
  account_id: string;
  action: OtpAction;
  channel: OtpChannel;
  code_hash: Buffer | null;
  expires_at: Date;
}

export interface PendingChallenge {
  challenge_id: string;
  member_id: string;
  account_id: string;
  action: OtpAction;
  channel: OtpChannel;
  code_hash: Buffer | null;
  status: 'pending' | 'verified' | 'failed';
  failed_attempts: number;
  expires_at: Date;
}

/** What a verification decided about a challenge, stored under its row lock. */
export type ChallengeOutcome =
  | { kind: 'verified'; token_hash: Buffer; token_expires_at: Date }
  | { kind: 'wrong_code'; burnt: boolean }
  | { kind: 'untouched' };

export interface NewPendingLogin {
  token_hash: Buffer;
  member_id: string;
  channel: OtpChannel;
  code_hash: Buffer | null;
  expires_at: Date;
}

export interface PendingLogin extends NewPendingLogin {
  failed_attempts: number;
  used_at: Date | null;
}

export type PendingLoginOutcome = 'completed' | 'wrong_code' | 'untouched';

/** Challenges, their single-use tokens and pending OTP logins; codes and tokens as SHA-256. */
@Injectable()
export class OtpChallengesRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async countSince(member_id: string, since: Date): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'select count(*) from otp_challenges where member_id = $1 and created_at >= $2',
      [member_id, since],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async insert(challenge: NewChallenge): Promise<void> {
    await this.pool.query(
      `insert into otp_challenges (id, member_id, account_id, action, channel, code_hash, status, expires_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7)`,
      [
        challenge.challenge_id,
        challenge.member_id,
        challenge.account_id,
        challenge.action,
        challenge.channel,
        challenge.code_hash,
        challenge.expires_at,
      ],
    );
  }

  /**
   * Runs `decide` on the member's challenge under a row lock, so two verifications of one
   * challenge cannot both pass, and stores the outcome (with the token when verified).
   */
  async verify<T>(
    challenge_id: string,
    member_id: string,
    decide: (
      challenge: PendingChallenge | null,
    ) => Promise<{ outcome: ChallengeOutcome; value: T }>,
  ): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PendingChallenge>(
        `select id as challenge_id, member_id, account_id, action, channel, code_hash, status,
                failed_attempts, expires_at
           from otp_challenges where id::text = $1 and member_id = $2 for update`,
        [challenge_id, member_id],
      );
      const challenge = rows[0] ?? null;
      const { outcome, value } = await decide(challenge);
      if (!challenge) return value;
      switch (outcome.kind) {
        case 'verified':
          await client.query(`update otp_challenges set status = 'verified' where id = $1`, [
            challenge_id,
          ]);
          await client.query(
            `insert into otp_tokens (token_hash, challenge_id, member_id, account_id, action, expires_at)
             values ($1, $2, $3, $4, $5, $6)`,
            [
              outcome.token_hash,
              challenge_id,
              challenge.member_id,
              challenge.account_id,
              challenge.action,
              outcome.token_expires_at,
            ],
          );
          break;
        case 'wrong_code':
          await client.query(
            `update otp_challenges set failed_attempts = failed_attempts + 1,
               status = case when $2 then 'failed' else status end where id = $1`,
            [challenge_id, outcome.burnt],
          );
          break;
        case 'untouched':
          break;
        default: {
          const unhandled: never = outcome;
          throw new Error(`unknown challenge outcome ${JSON.stringify(unhandled)}`);
        }
      }
      return value;
    });
  }

  /**
   * Spends a token of this member for this action: true when it was live and unused. One
   * conditional update, so a token presented twice at once is spent by one request only.
   */
  async spendToken(
    token_hash: Buffer,
    member_id: string,
    action: OtpAction,
    now: Date,
  ): Promise<boolean> {
    const spent = await this.pool.query(
      `update otp_tokens set used_at = $4
        where token_hash = $1 and member_id = $2 and action = $3 and used_at is null
          and expires_at > $4`,
      [token_hash, member_id, action, now],
    );
    return spent.rowCount === 1;
  }

  async insertPendingLogin(login: NewPendingLogin): Promise<void> {
    await this.pool.query(
      `insert into otp_logins (token_hash, member_id, channel, code_hash, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [login.token_hash, login.member_id, login.channel, login.code_hash, login.expires_at],
    );
  }

  /** As `verify`, for a pending login: `completed` marks the pending token used. */
  async completeLogin<T>(
    token_hash: Buffer,
    decide: (login: PendingLogin | null) => Promise<{ outcome: PendingLoginOutcome; value: T }>,
  ): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PendingLogin>(
        `select token_hash, member_id, channel, code_hash, expires_at, failed_attempts, used_at
           from otp_logins where token_hash = $1 for update`,
        [token_hash],
      );
      const login = rows[0] ?? null;
      const { outcome, value } = await decide(login);
      if (login && outcome === 'completed')
        await client.query('update otp_logins set used_at = now() where token_hash = $1', [
          token_hash,
        ]);
      if (login && outcome === 'wrong_code')
        await client.query(
          'update otp_logins set failed_attempts = failed_attempts + 1 where token_hash = $1',
          [token_hash],
        );
      return value;
    });
  }
}
