import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { OrgSettings, RecipientMatch, ResolveRecipientQuery } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';
import type { NotifiedCache } from '@platform/persistence';
import { IDENTITY_READS } from './identity-reads';

/** What other services read of organizations and accounts: settings, and who a recipient is. */
@Injectable()
export class DirectoryRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(IDENTITY_READS) private readonly reads: NotifiedCache,
  ) {}

  /** The organization, with `account_id`'s profile locale when that account is one of its own. */
  async orgSettings(org_id: string, account_id: string | null): Promise<OrgSettings | null> {
    const { rows } = await this.pool.query<OrgSettings>(
      `select o.id::text as org_id, o.slug, o.timezone, o.locale, a.locale as account_locale
         from organizations o
         left join accounts a on a.org_id = o.id and a.id::text = $2
        where o.id::text = $1`,
      [org_id, account_id],
    );
    return rows[0] ?? null;
  }

  /**
   * The accounts of one organization that an account id, an email (any member's, lower-cased per
   * D7) or a phone names. Only a proven phone matches (verified since it was linked, as
   * `phoneStatusOf` decides), or anyone could claim a number by typing it into their profile.
   * Asked for every transfer: the answer is kept (`IDENTITY_READS`) until an account or a member
   * of the organization changes.
   */
  async recipients(query: ResolveRecipientQuery): Promise<RecipientMatch[]> {
    const kept = await this.reads.read(
      `recipients:${JSON.stringify([query.org_id, query.account_id, query.email, query.phone])}`,
      async () => ({ matches: await this.matching(query) }),
      () => [`r:${query.org_id}`],
    );
    return kept?.matches ?? [];
  }

  private async matching(query: ResolveRecipientQuery): Promise<RecipientMatch[]> {
    const { rows } = await this.pool.query<RecipientMatch>(
      `select distinct a.id::text as account_id, a.display_name, a.type, a.status
         from accounts a
         left join members m on m.account_id = a.id
        where a.org_id::text = $1
          and (($2::text is not null and a.id::text = $2)
            or ($3::text is not null and m.email = lower($3))
            or ($4::text is not null and a.phone = $4
                and a.phone_verified_at is not null
                and (a.phone_linked_at is null or a.phone_verified_at >= a.phone_linked_at)))`,
      [query.org_id, query.account_id ?? null, query.email ?? null, query.phone ?? null],
    );
    return rows;
  }
}
