import { z } from 'zod';

/**
 * The stream limits of spec §8 and §7, held by the notifications service for every gateway of
 * an environment: a gateway takes a lease before it opens `GET /v1/events`, renews its leases
 * while the streams stay open, and closes a lease when its stream ends. A lease that is not
 * renewed expires, so a gateway that dies gives its slots back by itself.
 */
export const STREAM_LEASE_COMMANDS = {
  open_lease: 'notifications.open_stream_lease',
  renew_leases: 'notifications.renew_stream_leases',
  close_lease: 'notifications.close_stream_lease',
} as const;

const text = z.string().min(1).max(200);

/**
 * `notifications.open_stream_lease`: counts an opening from `client_ip` (429 `rate_limited`)
 * and takes a slot of the caller and of its organization (429 `too_many_streams`). The caller
 * is an account (`account_id`) or an organization admin (`admin_id`), never both.
 */
export const openStreamLeaseCommand = z.union([
  z.object({ client_ip: text, org_id: text, account_id: text }).strict(),
  z.object({ client_ip: text, org_id: text, admin_id: text }).strict(),
]);
export type OpenStreamLeaseCommand = z.infer<typeof openStreamLeaseCommand>;

export interface OpenStreamLeaseReply {
  lease_id: string;
  /** How long the lease lives without a renewal. */
  lease_ms: number;
}

/** The most leases one renewal carries: a gateway with more sends several. */
export const MAX_LEASES_PER_RENEWAL = 1000;

/** `notifications.renew_stream_leases`: extends every live lease named. */
export const renewStreamLeasesCommand = z
  .object({ lease_ids: z.array(text).min(1).max(MAX_LEASES_PER_RENEWAL) })
  .strict();

export interface RenewStreamLeasesReply {
  /** Leases named that had expired or were unknown: their slots may be taken, their streams end. */
  lost_lease_ids: string[];
}

/** `notifications.close_stream_lease`: the stream ended; its slot is free at once. */
export const closeStreamLeaseCommand = z.object({ lease_id: text }).strict();

export interface CloseStreamLeaseReply {
  closed: boolean;
}
