import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import * as replies from './notifications-replies';

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

/** The most leases one renewal carries: a gateway with more sends several. */
export const MAX_LEASES_PER_RENEWAL = 1000;

/** `notifications.renew_stream_leases`: extends every live lease named. */
export const renewStreamLeasesCommand = z
  .object({ lease_ids: z.array(text).min(1).max(MAX_LEASES_PER_RENEWAL) })
  .strict();
export type RenewStreamLeasesCommand = z.infer<typeof renewStreamLeasesCommand>;

/** `notifications.close_stream_lease`: the stream ended; its slot is free at once. */
export const closeStreamLeaseCommand = z.object({ lease_id: text }).strict();
export type CloseStreamLeaseCommand = z.infer<typeof closeStreamLeaseCommand>;

/**
 * The stream limits of spec §8 and §7, held by the notifications service for every gateway of
 * an environment: a gateway takes a lease before it opens `GET /v1/events`, renews its leases
 * while the streams stay open, and closes a lease when its stream ends. A lease that is not
 * renewed expires, so a gateway that dies gives its slots back by itself.
 */
export const STREAM_LEASE_COMMANDS = {
  open_lease: defineCommand({
    name: 'notifications.open_stream_lease',
    summary: 'count an opening and take a stream slot of the caller and its organization',
    request: openStreamLeaseCommand,
    reply: replies.openStreamLeaseReply,
  }),
  renew_leases: defineCommand({
    name: 'notifications.renew_stream_leases',
    summary: 'extend the live leases named; answers those that were lost',
    request: renewStreamLeasesCommand,
    reply: replies.renewStreamLeasesReply,
  }),
  close_lease: defineCommand({
    name: 'notifications.close_stream_lease',
    summary: 'the stream ended: free its slot at once',
    request: closeStreamLeaseCommand,
    reply: replies.closeStreamLeaseReply,
  }),
} as const;
