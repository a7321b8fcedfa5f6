import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  parseFilterDates,
  projectPublicEvent,
  PUBLIC_EVENTS_TOPIC,
  redactForAccount,
  type EventEnvelope,
  type PositionedPublicEvent,
  type PublicEventType,
} from '@platform/contracts';
import { Outbox } from '@platform/messaging';
import { preparedQuery } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { MAX_DELIVERY_ATTEMPTS } from '../domain/delivery-schedule';

interface PublicEventRow {
  position: string;
  event_id: string;
  type: PublicEventType;
  account_id: string;
  org_id: string | null;
  livemode: boolean;
  created_at: Date;
  data: Record<string, unknown>;
}

const SELECT_EVENT = `select position::text, event_id, type, account_id, org_id, livemode,
  created_at, data from public_events`;

/**
 * The event as an account reads it. The store keeps `data` whole; every view served today is
 * account-scoped (stream, history, webhooks), so `ip` and `user_agent` never leave (spec §6).
 */
function toPositioned(row: PublicEventRow): PositionedPublicEvent {
  return {
    position: row.position,
    account_id: row.account_id,
    org_id: row.org_id,
    event: {
      id: row.event_id,
      type: row.type,
      created_at: row.created_at.toISOString(),
      livemode: row.livemode,
      data: redactForAccount(row.data),
    },
  };
}

/** Whose events a reader sees: one account's, or (an organization admin) its organization's. */
export type EventScope = { account_id: string } | { org_id: string };

/** The column and value a scope filters on (a fixed column name, never client text). */
function scopeFilter(scope: EventScope): { column: 'account_id' | 'org_id'; value: string } {
  return 'account_id' in scope
    ? { column: 'account_id', value: scope.account_id }
    : { column: 'org_id', value: scope.org_id };
}

/** The account and organization an identity event names, when it names both. */
function membershipOf(envelope: EventEnvelope): { account_id: string; org_id: string } | null {
  if (!envelope.type.startsWith('identity.')) return null;
  const data = (envelope.data ?? {}) as Record<string, unknown>;
  const account_id = envelope.account_id ?? data.account_id;
  const org_id = data.org_id ?? envelope.org_id;
  if (typeof account_id !== 'string' || typeof org_id !== 'string') return null;
  return { account_id, org_id };
}

const KNOWN_ORGANIZATIONS_KEPT = 100_000;

/** Public events: written by the projection, read by the listing and the stream's replay. */
@Injectable()
export class PublicEventsRepository {
  private readonly outbox = new Outbox({ schema: 'notifications' });

  /**
   * Organizations already read, by account: an account never changes organization (its row is
   * only ever inserted), so a known one needs no lookup per event batch. Bounded: the oldest go.
   */
  private readonly known_organizations = new Map<string, string>();

  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /**
   * In the inbox's transaction, for a batch of domain events in delivery order: their public
   * events, a delivery job per active matching subscription, and the broadcast to the gateways
   * all commit together, or none does. Returns the delivery jobs queued.
   */
  async projectMany(
    client: PoolClient,
    envelopes: readonly EventEnvelope[],
    livemode: boolean,
  ): Promise<number> {
    for (const envelope of envelopes) await this.rememberOrganization(client, envelope);
    const projections = envelopes.flatMap((envelope) => {
      const projected = projectPublicEvent(envelope.type, envelope.data);
      const account_id = envelope.account_id;
      return projected && account_id ? [{ envelope, projected, account_id }] : [];
    });
    if (projections.length === 0) return 0;
    const organizations = await this.organizationsOf(
      client,
      projections.map((projection) => projection.account_id),
    );
    const candidates = projections.map(({ envelope, projected, account_id }) => ({
      event_id: `evt_${randomUUID().replace(/-/g, '')}`,
      source_event_id: envelope.event_id,
      type: projected.type,
      account_id,
      org_id: organizations.get(account_id) ?? envelope.org_id,
      created_at: envelope.occurred_at,
      data: JSON.stringify(projected.data),
    }));
    // Positions come from one global sequence, so they only say "committed before" among
    // writers that serialize. The lock (held until commit) serializes every writer of one
    // organization, so its events take their positions in commit order: a stream that resumes
    // after position N of the organization never misses a later-committed N-1, whichever of
    // its accounts wrote it. An account is in one organization, so the same holds per account.
    // An account whose organization is not known yet locks on itself. A batch takes its locks in
    // one sorted order, so two batches that share organizations cannot deadlock.
    const lock_keys = [
      ...new Set(
        candidates.map((row) =>
          row.org_id ? `public_events:org:${row.org_id}` : `public_events:${row.account_id}`,
        ),
      ),
    ].sort();
    // unnest yields the keys in array order, and each lock is taken as its row is produced.
    await client.query(
      preparedQuery(
        'select pg_advisory_xact_lock(hashtext(lock_key)) from unnest($1::text[]) as lock_key',
        [lock_keys],
      ),
    );
    const column = <K extends keyof (typeof candidates)[number]>(key: K) =>
      candidates.map((row) => row[key]);
    // Inserted in delivery order, so each account's events take positions in that order.
    const { rows } = await client.query<PublicEventRow>(
      preparedQuery(
        `insert into public_events
         (event_id, source_event_id, type, account_id, org_id, livemode, created_at, data)
       select event_id, source_event_id, type, account_id, org_id, $8, created_at, data
         from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[],
           $6::timestamptz[], $7::jsonb[]) with ordinality
           as e(event_id, source_event_id, type, account_id, org_id, created_at, data, n)
        order by n
       on conflict (source_event_id) do nothing
       returning position::text, event_id, type, account_id, org_id, livemode, created_at, data`,
        [
          column('event_id'),
          column('source_event_id'),
          column('type'),
          column('account_id'),
          column('org_id'),
          column('created_at'),
          column('data'),
          livemode,
        ],
      ),
    );
    if (rows.length === 0) return 0;
    rows.sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
    const jobs = await client.query(
      preparedQuery(
        `insert into webhook_jobs (subscription_id, event_id, state, max_attempts)
       select s.subscription_id, e.event_id, 'pending', $4
         from unnest($1::text[], $2::text[], $3::text[]) with ordinality
           as e(event_id, account_id, type, n)
         join webhook_subscriptions s on s.account_id = e.account_id
        where s.status = 'active' and (s.event_type = e.type or s.event_type = '*')
        order by e.n, s.subscription_id`,
        [
          rows.map((row) => row.event_id),
          rows.map((row) => row.account_id),
          rows.map((row) => row.type),
          MAX_DELIVERY_ATTEMPTS,
        ],
      ),
    );
    // Keyed by organization: one partition carries an organization's events in position order.
    await this.outbox.enqueue(
      client,
      PUBLIC_EVENTS_TOPIC,
      rows.map((row) => ({
        id: row.event_id,
        key: row.org_id ?? row.account_id,
        payload: toPositioned(row),
      })),
    );
    return jobs.rowCount ?? 0;
  }

  /** Identity events tell which organization an account is in; other producers may not. */
  private async rememberOrganization(client: PoolClient, envelope: EventEnvelope): Promise<void> {
    const membership = membershipOf(envelope);
    if (!membership) return;
    const learned = await client.query(
      `insert into account_organizations (account_id, org_id) values ($1, $2)
       on conflict (account_id) do nothing`,
      [membership.account_id, membership.org_id],
    );
    if (learned.rowCount === 0) return;
    // Another topic's event of this account that arrived first joins its organization's
    // history and replay (an account's identity events come long before its money moves).
    await client.query(
      `update public_events set org_id = $2 where account_id = $1 and org_id is null`,
      [membership.account_id, membership.org_id],
    );
  }

  /** The organization of each of the accounts that one is known for. */
  private async organizationsOf(
    client: PoolClient,
    account_ids: readonly string[],
  ): Promise<Map<string, string>> {
    const known = this.known_organizations;
    const unknown = [...new Set(account_ids)].filter((account_id) => !known.has(account_id));
    if (unknown.length > 0) {
      const { rows } = await client.query<{ account_id: string; org_id: string }>(
        `select account_id, org_id from account_organizations where account_id = any($1::text[])`,
        [unknown],
      );
      for (const row of rows) known.set(row.account_id, row.org_id);
      for (const oldest of known.keys()) {
        if (known.size <= KNOWN_ORGANIZATIONS_KEPT) break;
        known.delete(oldest);
      }
    }
    return new Map(
      account_ids.flatMap((account_id) => {
        const org_id = known.get(account_id);
        return org_id === undefined ? [] : [[account_id, org_id] as const];
      }),
    );
  }

  /** A scope's history, newest first; `from`/`to` are dates in `timezone` (spec §1). */
  async list(filter: {
    scope: EventScope;
    types: PublicEventType[] | null;
    from: string | null;
    to: string | null;
    timezone: string;
    limit: number;
    offset: number;
  }): Promise<PositionedPublicEvent[]> {
    parseFilterDates(filter);
    const scope = scopeFilter(filter.scope);
    const { rows } = await this.pool.query<PublicEventRow>(
      `${SELECT_EVENT}
       where ${scope.column} = $1 and ($2::text[] is null or type = any($2))
         and ($3::date is null or created_at >= ($3::date)::timestamp at time zone $5)
         and ($4::date is null or created_at < ($4::date + 1)::timestamp at time zone $5)
       order by public_events.position desc limit $6 offset $7`,
      [
        scope.value,
        filter.types,
        filter.from,
        filter.to,
        filter.timezone,
        filter.limit,
        filter.offset,
      ],
    );
    return rows.map(toPositioned);
  }

  /** The position of one of a scope's events, or null when the store does not know it. */
  async positionOf(scope: EventScope, event_id: string): Promise<string | null> {
    const filter = scopeFilter(scope);
    const { rows } = await this.pool.query<{ position: string }>(
      `select position::text from public_events where ${filter.column} = $1 and event_id = $2`,
      [filter.value, event_id],
    );
    return rows[0]?.position ?? null;
  }

  /** A scope's events after `after_position`, oldest first. */
  async after(filter: {
    scope: EventScope;
    after_position: string;
    types: PublicEventType[] | null;
    limit: number;
  }): Promise<PositionedPublicEvent[]> {
    const scope = scopeFilter(filter.scope);
    const { rows } = await this.pool.query<PublicEventRow>(
      `${SELECT_EVENT}
       where ${scope.column} = $1 and position > $2::bigint
         and ($3::text[] is null or type = any($3))
       order by public_events.position limit $4`,
      [scope.value, filter.after_position, filter.types, filter.limit],
    );
    return rows.map(toPositioned);
  }

  async byId(event_id: string): Promise<PositionedPublicEvent | null> {
    const { rows } = await this.pool.query<PublicEventRow>(`${SELECT_EVENT} where event_id = $1`, [
      event_id,
    ]);
    return rows[0] ? toPositioned(rows[0]) : null;
  }

  /** The retention job: events older than the retention go, with their jobs and logs. */
  async prune(retention_days: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `delete from public_events where created_at < now() - make_interval(days => $1)`,
      [Math.floor(retention_days)],
    );
    return rowCount ?? 0;
  }
}
