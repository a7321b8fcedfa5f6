import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';

export interface PendingPhoneVerification {
  account_id: string;
  phone: string;
  channel: 'sms' | 'whatsapp';
  code_hash: Buffer;
  failed_attempts: number;
  sent_at: Date;
  expires_at: Date;
}

/** What a confirmation decided, stored under the row's lock. */
export type PhoneVerificationOutcome = 'verified' | 'wrong_code' | 'burnt' | 'untouched';

/** The pending code of each account's phone verification (its SHA-256 only). */
@Injectable()
export class PhoneVerificationsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async find(account_id: string): Promise<PendingPhoneVerification | null> {
    const { rows } = await this.pool.query<PendingPhoneVerification>(
      'select * from phone_verifications where account_id = $1',
      [account_id],
    );
    return rows[0] ?? null;
  }

  /** A new code replaces a pending one. */
  async save(verification: Omit<PendingPhoneVerification, 'failed_attempts'>): Promise<void> {
    await this.pool.query(
      `insert into phone_verifications (account_id, phone, channel, code_hash, sent_at, expires_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (account_id) do update set phone = excluded.phone, channel = excluded.channel,
         code_hash = excluded.code_hash, failed_attempts = 0, sent_at = excluded.sent_at,
         expires_at = excluded.expires_at`,
      [
        verification.account_id,
        verification.phone,
        verification.channel,
        verification.code_hash,
        verification.sent_at,
        verification.expires_at,
      ],
    );
  }

  /**
   * Decides on the pending verification under a row lock, so two confirmations cannot both
   * spend it. A verified one marks the phone proven, if it is still the account's phone.
   */
  async confirm<T>(
    account_id: string,
    decide: (
      pending: PendingPhoneVerification | null,
    ) => Promise<{ outcome: PhoneVerificationOutcome; value: T }>,
  ): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PendingPhoneVerification>(
        'select * from phone_verifications where account_id = $1 for update',
        [account_id],
      );
      const pending = rows[0] ?? null;
      const { outcome, value } = await decide(pending);
      switch (outcome) {
        case 'verified':
          await client.query(
            'update accounts set phone_verified_at = now() where id = $1 and phone = $2',
            [account_id, pending?.phone],
          );
          await client.query('delete from phone_verifications where account_id = $1', [account_id]);
          break;
        case 'burnt':
          await client.query('delete from phone_verifications where account_id = $1', [account_id]);
          break;
        case 'wrong_code':
          await client.query(
            `update phone_verifications set failed_attempts = failed_attempts + 1
              where account_id = $1`,
            [account_id],
          );
          break;
        case 'untouched':
          break;
        default: {
          const unhandled: never = outcome;
          throw new Error(`unknown outcome ${String(unhandled)}`);
        }
      }
      return value;
    });
  }
}
