import type { Pool } from 'pg';

export interface BatchLease {
  release(): Promise<void>;
}

/**
 * The batch's run lease: a session advisory lock on a client of its own, held while one worker
 * evaluates the batch. A worker that dies loses its connection and with it the lease, so a
 * rescheduled run takes over; a live one keeps others out. Null when another worker holds it.
 */
export async function leaseBatch(pool: Pool, batch_id: string): Promise<BatchLease | null> {
  const client = await pool.connect();
  // A held connection that dies emits 'error'; unhandled, that would end the process. The lease
  // is lost with it, which is what a run's next chunk or the next run finds out.
  client.on('error', () => undefined);
  try {
    const { rows } = await client.query<{ leased: boolean }>(
      `select pg_try_advisory_lock(hashtext('risk_batch'), hashtext($1)) as leased`,
      [batch_id],
    );
    if (!rows[0]?.leased) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  return {
    release: async () => {
      try {
        await client.query(`select pg_advisory_unlock(hashtext('risk_batch'), hashtext($1))`, [
          batch_id,
        ]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}
