import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { CollectOtpRequest } from '../domain/collect-request';

/**
 * The codes payers' banks were asked to send (`/collect/otp` of an `otp_route` corridor). The
 * code itself is the payer's bank's and is never stored: only that one was requested, for whom,
 * and whether a collection has used it.
 */
export class CollectOtpsRepository {
  constructor(private readonly pool: Pool) {}

  async record(requester: string, request: CollectOtpRequest, expires_at: Date): Promise<void> {
    await this.pool.query(
      `insert into collect_otp_requests (otp_request_id, requester, method, payer_phone,
         payer_document, payer_bank_code, expires_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        randomUUID(),
        requester,
        request.corridor.method,
        request.payer.phone,
        request.payer.document,
        request.payer.bank_code,
        expires_at,
      ],
    );
  }

  /**
   * Marks the newest open request for this payer used, in the caller's transaction (so a failed
   * collection leaves it open); false when none is open.
   */
  async consume(
    client: PoolClient,
    requester: string,
    method: string,
    payer: { phone: string; document: string; bank_code: string },
  ): Promise<boolean> {
    const { rowCount } = await client.query(
      `update collect_otp_requests set used_at = now()
        where otp_request_id = (
          select otp_request_id from collect_otp_requests
           where requester = $1 and method = $2 and payer_phone = $3 and payer_document = $4
             and payer_bank_code = $5 and used_at is null and expires_at > now()
           order by created_at desc limit 1 for update skip locked)`,
      [requester, method, payer.phone, payer.document, payer.bank_code],
    );
    return (rowCount ?? 0) > 0;
  }
}
