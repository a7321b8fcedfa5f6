import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { AnnouncementResource, PlatformLocale } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { PlainAnnouncement } from '../domain/announcement';
import { IDENTITY_EVENTS } from './identity-store';

interface AnnouncementRow {
  broadcast_id: string;
  idempotency_key: string | null;
  subject: string;
  body: Record<string, string>;
  recipients: number;
  created_at: Date;
}

/** Chooses the language of one account's copy, from its locale and the organization's. */
export type LocaleChooser = (account_locale: string, org_locale: string) => PlatformLocale;

export interface Broadcast {
  org_id: string;
  admin_id: string;
  idempotency_key: string | null;
  announcement: PlainAnnouncement;
  correlation_id: string | null;
}

const resource = (row: AnnouncementRow): AnnouncementResource => ({
  broadcast_id: row.broadcast_id,
  subject: row.subject,
  body: row.body,
  recipients: row.recipients,
  created_at: row.created_at.toISOString(),
});

/**
 * Announcements and their deliveries: the row and one `identity.announcement_delivered` event per
 * active account of the organization commit together, so an announcement reaches every account
 * or none, and the relay publishes the deliveries after the commit.
 */
@Injectable()
export class AnnouncementsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(IDENTITY_EVENTS) private readonly events: PgEventStore,
  ) {}

  /** The announcement this key already sent, if any (with what it said). */
  async findByKey(org_id: string, idempotency_key: string): Promise<AnnouncementResource | null> {
    const { rows } = await this.pool.query<AnnouncementRow>(
      'select * from announcements where org_id = $1 and idempotency_key = $2',
      [org_id, idempotency_key],
    );
    return rows[0] ? resource(rows[0]) : null;
  }

  /** Sends it; null when another request with the same key committed first. */
  async broadcast(
    broadcast: Broadcast,
    chooseLocale: LocaleChooser,
  ): Promise<AnnouncementResource | null> {
    return withTransaction(this.pool, async (client) => {
      const broadcast_id = randomUUID();
      const { rows } = await client.query<AnnouncementRow>(
        `insert into announcements
           (broadcast_id, org_id, admin_id, idempotency_key, subject, body, recipients)
         values ($1, $2, $3, $4, $5, $6, 0)
         on conflict (org_id, idempotency_key) do nothing
         returning *`,
        [
          broadcast_id,
          broadcast.org_id,
          broadcast.admin_id,
          broadcast.idempotency_key,
          broadcast.announcement.subject,
          JSON.stringify(broadcast.announcement.body),
        ],
      );
      if (!rows[0]) return null;
      const recipients = await this.deliver(client, rows[0], broadcast, chooseLocale);
      return resource({ ...rows[0], recipients });
    });
  }

  private async deliver(
    client: PoolClient,
    row: AnnouncementRow,
    broadcast: Broadcast,
    chooseLocale: LocaleChooser,
  ): Promise<number> {
    const { rows: accounts } = await client.query<{
      id: string;
      locale: string;
      org_locale: string;
    }>(
      `select a.id, a.locale, o.locale as org_locale
         from accounts a join organizations o on o.id = a.org_id
        where a.org_id = $1 and a.status = 'active'
        order by a.created_at, a.id`,
      [broadcast.org_id],
    );
    const { subject, body } = broadcast.announcement;
    const deliveries = accounts.map((account) => {
      const locale = chooseLocale(account.locale, account.org_locale);
      return {
        type: 'identity.announcement_delivered',
        data: {
          broadcast_id: row.broadcast_id,
          account_id: account.id,
          org_id: broadcast.org_id,
          locale,
          subject,
          body: body[locale] ?? body.en,
        },
        org_id: broadcast.org_id,
        account_id: account.id,
        correlation_id: broadcast.correlation_id,
      };
    });
    if (deliveries.length > 0)
      await this.events.appendInTransaction(
        client,
        `announcement-${row.broadcast_id}`,
        deliveries,
        { expected_version: 'no_stream' },
      );
    await client.query('update announcements set recipients = $2 where broadcast_id = $1', [
      row.broadcast_id,
      deliveries.length,
    ]);
    return deliveries.length;
  }

  async list(org_id: string, limit: number, offset: number): Promise<AnnouncementResource[]> {
    const { rows } = await this.pool.query<AnnouncementRow>(
      `select * from announcements where org_id = $1
        order by created_at desc, broadcast_id desc limit $2 offset $3`,
      [org_id, limit, offset],
    );
    return rows.map(resource);
  }
}
