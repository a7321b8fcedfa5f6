import { Controller, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  IDENTITY_DIRECTORY_QUERIES,
  type RecipientMatch,
  type ResolveRecipientQuery,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';

/**
 * `identity.resolve_recipient`: the accounts of one organization that an account id, an email
 * (any member's, lower-cased per D7) or a phone names. Only a proven phone matches (verified
 * since it was linked, as `phoneStatusOf` decides), or anyone could claim a number by typing it
 * into their profile. Phones are not unique, so several matches are the caller's
 * `recipient_ambiguous`.
 */
@Controller()
export class RecipientsMessages {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  @Handles(IDENTITY_DIRECTORY_QUERIES.resolve_recipient)
  async resolve(query: ResolveRecipientQuery): Promise<{ matches: RecipientMatch[] }> {
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
    return { matches: rows };
  }
}
