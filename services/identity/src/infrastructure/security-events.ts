import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo, SecurityEvent, SecurityEventType } from '@platform/contracts';

/** Whose a security event is: an account's (and the member's who acted), or an organization admin's. */
export type SecurityEventOwner =
  { account_id: string; member_id: string | null } | { admin_id: string };

export async function recordSecurityEvent(
  client: PoolClient,
  event: { owner: SecurityEventOwner; type: SecurityEventType; client_info: ClientInfo | null },
): Promise<void> {
  const { owner } = event;
  await client.query(
    `insert into security_events (id, account_id, member_id, admin_id, type, ip, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      'account_id' in owner ? owner.account_id : null,
      'account_id' in owner ? owner.member_id : null,
      'admin_id' in owner ? owner.admin_id : null,
      event.type,
      event.client_info?.ip ?? null,
      event.client_info?.user_agent ?? null,
    ],
  );
}

/** The security events of an account or of an organization admin, newest first. */
export async function listSecurityEvents(
  pool: Pool,
  owner: { account_id: string } | { admin_id: string },
  limit: number,
  offset: number,
): Promise<SecurityEvent[]> {
  const [column, id] =
    'account_id' in owner ? ['account_id', owner.account_id] : ['admin_id', owner.admin_id];
  const { rows } = await pool.query<Omit<SecurityEvent, 'created_at'> & { created_at: Date }>(
    `select id, type, created_at, ip, user_agent from security_events
      where ${column} = $1 order by created_at desc, id desc limit $2 offset $3`,
    [id, limit, offset],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
