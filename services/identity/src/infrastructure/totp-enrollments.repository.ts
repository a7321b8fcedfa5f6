import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';

export interface TotpEnrollment {
  secret_ciphertext: Buffer | null;
  confirmed_at: Date | null;
  pending_ciphertext: Buffer | null;
}

/** A member's authenticator secrets, stored encrypted (see TotpSecrets). */
@Injectable()
export class TotpEnrollmentsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async find(member_id: string): Promise<TotpEnrollment | null> {
    const { rows } = await this.pool.query<TotpEnrollment>(
      `select secret_ciphertext, confirmed_at, pending_ciphertext
         from totp_enrollments where member_id = $1`,
      [member_id],
    );
    return rows[0] ?? null;
  }

  /** A new secret waits for confirmation; a confirmed one keeps working until then. */
  async startEnrollment(member_id: string, pending_ciphertext: Buffer): Promise<void> {
    await this.pool.query(
      `insert into totp_enrollments (member_id, pending_ciphertext, pending_since)
       values ($1, $2, now())
       on conflict (member_id) do update set pending_ciphertext = excluded.pending_ciphertext,
         pending_since = excluded.pending_since`,
      [member_id, pending_ciphertext],
    );
  }

  /**
   * Runs `accept` on the pending secret under a row lock; when it answers the code's time step,
   * the pending secret becomes the member's authenticator with that step spent. Null when
   * nothing is pending, false when refused.
   */
  async confirm(
    member_id: string,
    accept: (pending_ciphertext: Buffer) => number | null,
  ): Promise<boolean | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ pending_ciphertext: Buffer | null }>(
        'select pending_ciphertext from totp_enrollments where member_id = $1 for update',
        [member_id],
      );
      const pending = rows[0]?.pending_ciphertext;
      if (!pending) return null;
      const step = accept(pending);
      if (step === null) return false;
      await client.query(
        `update totp_enrollments set secret_ciphertext = pending_ciphertext, confirmed_at = now(),
           pending_ciphertext = null, pending_since = null, last_used_step = $2
          where member_id = $1`,
        [member_id, step],
      );
      return true;
    });
  }

  /**
   * Spends a time step of the member's confirmed authenticator: true only for a step later
   * than every one spent before, in one conditional update (concurrent uses spend it once).
   */
  async spendStep(member_id: string, step: number): Promise<boolean> {
    const spent = await this.pool.query(
      `update totp_enrollments set last_used_step = $2
        where member_id = $1 and confirmed_at is not null
          and (last_used_step is null or last_used_step < $2)`,
      [member_id, step],
    );
    return spent.rowCount === 1;
  }
}
