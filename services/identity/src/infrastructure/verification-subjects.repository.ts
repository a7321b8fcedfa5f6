import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type ApplyVerificationStatusCommand,
  type VerificationSubject,
} from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { backfillVerifiedIdentity } from './kyc-backfill';

/**
 * What compliance reads about an account it verifies, and where its outcome lands: identity owns
 * `accounts.kyc_status` and the back-filled profile fields (spec §2, decisions D8).
 */
@Injectable()
export class VerificationSubjectsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async subject(account_id: string, member_id: string | null): Promise<VerificationSubject> {
    const { rows } = await this.pool.query<Omit<VerificationSubject, 'second_factor_enrolled'>>(
      `select a.id as account_id, a.org_id::text as org_id, o.name as org_name, a.type,
              a.status = 'active' as active, a.kyc_status, a.locale
         from accounts a join organizations o on o.id = a.org_id
        where a.id::text = $1`,
      [account_id],
    );
    const account = rows[0];
    if (!account) throw new DomainError('not_found', 'account not found');
    return { ...account, second_factor_enrolled: await this.enrolled(account_id, member_id) };
  }

  /** A confirmed authenticator app or a registered passkey of the member (spec §5 rule 11). */
  private async enrolled(account_id: string, member_id: string | null): Promise<boolean> {
    if (!member_id) return false;
    const { rows } = await this.pool.query<{ enrolled: boolean }>(
      `select exists (select 1 from totp_enrollments t join members m on m.id = t.member_id
                       where t.member_id::text = $1 and m.account_id::text = $2
                         and t.confirmed_at is not null)
           or exists (select 1 from passkeys p join members m on m.id = p.member_id
                       where p.member_id::text = $1 and m.account_id::text = $2) as enrolled`,
      [member_id, account_id],
    );
    return rows[0]?.enrolled ?? false;
  }

  /** The status compliance decided; an approval back-fills the verified fields in the same step. */
  async apply(command: ApplyVerificationStatusCommand) {
    return withTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        'update accounts set kyc_status = $2 where id::text = $1',
        [command.account_id, command.kyc_status],
      );
      if (!rowCount) throw new DomainError('not_found', 'account not found');
      if (command.kyc_status === 'approved' && command.verified)
        await backfillVerifiedIdentity(client, command.account_id, command.verified);
      return { account_id: command.account_id, kyc_status: command.kyc_status };
    });
  }
}
