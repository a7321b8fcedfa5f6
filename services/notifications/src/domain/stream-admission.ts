/**
 * Who may open one more `GET /v1/events` stream (spec §8 and §7): pure rules, applied by the
 * lease repository to counts it reads under a lock, so every gateway of an environment shares
 * one ceiling.
 */
export interface StreamLimitsPolicy {
  /** Openings admitted per client address over the last hour (spec §8: 600). */
  openings_per_hour: number;
  /** Concurrent streams of one account, or of one organization admin (10). */
  max_streams_per_account: number;
  /** Concurrent streams of one organization, its admins' included (1,000). */
  max_streams_per_org: number;
}

/** The caller of an opening: an account's credential or an organization admin's session. */
export type StreamCaller = { account_id: string } | { admin_id: string };

export type StreamRefusal = {
  code: 'rate_limited' | 'too_many_streams';
  message: string;
};

/**
 * The slot holder of the per-credential limit: an admin's own streams are capped like an
 * account's, under a key that cannot meet an account id.
 */
export function holderOf(caller: StreamCaller): string {
  return 'account_id' in caller ? caller.account_id : `org_admin:${caller.admin_id}`;
}

/** The address check: `openings_in_window` were admitted from this address in the last hour. */
export function refuseOpening(
  openings_in_window: number,
  policy: StreamLimitsPolicy,
): StreamRefusal | null {
  if (openings_in_window < policy.openings_per_hour) return null;
  return { code: 'rate_limited', message: 'too many stream openings from this address' };
}

/** The slot check, on the live (unexpired) leases of the holder and of its organization. */
export function refuseStream(
  live: { holder_streams: number; org_streams: number },
  policy: StreamLimitsPolicy,
): StreamRefusal | null {
  if (live.holder_streams >= policy.max_streams_per_account) {
    return { code: 'too_many_streams', message: 'too many open streams for this credential' };
  }
  if (live.org_streams >= policy.max_streams_per_org) {
    return { code: 'too_many_streams', message: 'too many open streams for this organization' };
  }
  return null;
}
