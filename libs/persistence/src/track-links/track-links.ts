import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

/** What a track code stands for: a resource of the service that issued it, and its owner. */
export interface TrackedResource {
  resource_id: string;
  account_id: string;
}

/**
 * Public track codes of a service's resources (payouts, payins): one code a resource, issued on
 * the owner's first request and the same one after, so a link already shared keeps working. The
 * code is the capability of a public page that shows status and dates only; it is random, never
 * derived from the resource id, and starts with the issuer's prefix so the page knows whom to ask.
 * Each service keeps the table `track_links` in its own schema (its migration creates it).
 */
export class TrackLinks {
  constructor(
    private readonly pool: Pool,
    private readonly prefix: string,
  ) {}

  async issue(resource: TrackedResource): Promise<string> {
    const code = `${this.prefix}_${randomBytes(18).toString('base64url')}`;
    const { rows } = await this.pool.query<{ code: string }>(
      `with inserted as (
         insert into track_links (code, resource_id, account_id) values ($1, $2, $3)
         on conflict (resource_id) do nothing
         returning code)
       select code from inserted
       union all
       select code from track_links where resource_id = $2
       limit 1`,
      [code, resource.resource_id, resource.account_id],
    );
    return rows[0]!.code;
  }

  /** The resource behind a code of this issuer, or null for any other text. */
  async resolve(code: string): Promise<TrackedResource | null> {
    if (!code.startsWith(`${this.prefix}_`) || code.length > 100) return null;
    const { rows } = await this.pool.query<TrackedResource>(
      'select resource_id, account_id from track_links where code = $1',
      [code],
    );
    return rows[0] ?? null;
  }
}
