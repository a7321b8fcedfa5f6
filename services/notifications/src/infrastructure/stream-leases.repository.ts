import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  refuseOpening,
  refuseStream,
  type StreamLimitsPolicy,
  type StreamRefusal,
} from '../domain/stream-admission';

export type LeaseOutcome = { lease_id: string } | { refused: StreamRefusal };

/**
 * The stream leases and openings of every gateway, in this service's database. Counts are
 * read and written under transaction-scoped advisory locks (address, then organization, then
 * holder, always in that order), so two gateways racing for the last slot cannot both take
 * it. Times are the database's clock: gateways' clocks never meet.
 */
@Injectable()
export class StreamLeasesRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /**
   * Counts the opening against its address, then takes a slot of the holder and of its
   * organization. An opening refused for its address leaves nothing behind; one refused for
   * too many streams still counts against the address, as every attempt to open does.
   */
  open(
    request: { client_ip: string; holder_id: string; org_id: string },
    policy: StreamLimitsPolicy,
    lease_ms: number,
  ): Promise<LeaseOutcome> {
    return withTransaction(this.pool, async (client) => {
      const address_refusal = await this.countOpening(client, request.client_ip, policy);
      if (address_refusal) return { refused: address_refusal };
      // Organization first, then holder, in every transaction: no two can wait on each other.
      await lock(client, `stream_leases:org:${request.org_id}`);
      await lock(client, `stream_leases:holder:${request.holder_id}`);
      await client.query(
        `delete from stream_leases
         where (org_id = $1 or holder_id = $2) and expires_at <= clock_timestamp()`,
        [request.org_id, request.holder_id],
      );
      const { rows } = await client.query<{ holder_streams: number; org_streams: number }>(
        `select count(*) filter (where holder_id = $2)::int as holder_streams,
                count(*) filter (where org_id = $1)::int as org_streams
         from stream_leases where org_id = $1 or holder_id = $2`,
        [request.org_id, request.holder_id],
      );
      const stream_refusal = refuseStream(rows[0] ?? { holder_streams: 0, org_streams: 0 }, policy);
      if (stream_refusal) return { refused: stream_refusal };
      const lease_id = `lease_${randomUUID().replace(/-/g, '')}`;
      await client.query(
        `insert into stream_leases (lease_id, holder_id, org_id, opened_at, expires_at)
         values ($1, $2, $3, clock_timestamp(), clock_timestamp() + $4 * interval '1 millisecond')`,
        [lease_id, request.holder_id, request.org_id, lease_ms],
      );
      return { lease_id };
    });
  }

  /** Extends the live leases named; answers those that had expired or were never known. */
  async renew(lease_ids: string[], lease_ms: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ lease_id: string }>(
      `with renewed as (
         update stream_leases set expires_at = clock_timestamp() + $2 * interval '1 millisecond'
         where lease_id = any($1::text[]) and expires_at > clock_timestamp()
         returning lease_id
       )
       select requested.lease_id from unnest($1::text[]) as requested(lease_id)
       where requested.lease_id not in (select lease_id from renewed)`,
      [lease_ids, lease_ms],
    );
    return rows.map((row) => row.lease_id);
  }

  async close(lease_id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('delete from stream_leases where lease_id = $1', [
      lease_id,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** Drops what no longer counts: expired leases and openings older than the hour. */
  async prune(): Promise<void> {
    await this.pool.query('delete from stream_leases where expires_at <= clock_timestamp()');
    await this.pool.query(
      `delete from stream_openings where opened_at <= clock_timestamp() - interval '1 hour'`,
    );
  }

  private async countOpening(
    client: PoolClient,
    client_ip: string,
    policy: StreamLimitsPolicy,
  ): Promise<StreamRefusal | null> {
    await lock(client, `stream_openings:${client_ip}`);
    await client.query(
      `delete from stream_openings
       where client_ip = $1 and opened_at <= clock_timestamp() - interval '1 hour'`,
      [client_ip],
    );
    const { rows } = await client.query<{ openings: number }>(
      'select count(*)::int as openings from stream_openings where client_ip = $1',
      [client_ip],
    );
    const refusal = refuseOpening(rows[0]?.openings ?? 0, policy);
    if (refusal) return refusal;
    await client.query(
      'insert into stream_openings (client_ip, opened_at) values ($1, clock_timestamp())',
      [client_ip],
    );
    return null;
  }
}

function lock(client: PoolClient, key: string): Promise<unknown> {
  return client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}
