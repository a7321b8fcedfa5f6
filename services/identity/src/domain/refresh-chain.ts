/**
 * The refresh-token chain of spec §3 and §5 rule 4, for members' and organization admins'
 * sessions alike. A token is single use. Presented again, it is either the loser of a race or a
 * replay:
 * - a race is two exchanges in flight at once: the second was presented before the first had
 *   finished. It gets `invalid_refresh_token` and nothing else (spec: "without penalty");
 * - a replay is a token presented after its exchange had finished (and so had been answered, or
 *   was being answered): the whole chain is revoked and `refresh_token_reuse` recorded.
 * No grace period: one presented 1 ms after the exchange finished is a replay.
 */

/** A refresh token as its chain holds it when it is presented. */
export interface PresentedRefreshToken {
  /** When the exchange that used the token finished; null while the token is live. */
  exchanged_at: Date | null;
  expires_at: Date;
  /** The chain's absolute cap (90 days from the original sign-in). */
  chain_expires_at: Date;
  /** Signed out, or revoked by an earlier replay. */
  chain_revoked: boolean;
  /** The holder may still sign in (an active member; an organization admin always may). */
  holder_active: boolean;
}

/**
 * `rotate`: exchange it for a new pair. `reject`: unknown, expired or revoked. `race_lost`: a
 * twin exchange in flight used it first. `replay`: revoke the chain, record the reuse.
 */
export type RefreshDecision = 'rotate' | 'reject' | 'race_lost' | 'replay';

export function decideRefresh(
  token: PresentedRefreshToken | null,
  presented_at: Date,
  now: Date,
): RefreshDecision {
  if (!token || token.chain_revoked) return 'reject';
  if (token.exchanged_at)
    return presented_at.getTime() < token.exchanged_at.getTime() ? 'race_lost' : 'replay';
  if (token.expires_at <= now || token.chain_expires_at <= now || !token.holder_active)
    return 'reject';
  return 'rotate';
}

/**
 * When a token was presented: the gateway's stamp at the request's arrival, so that time spent
 * queued on the bus still counts as in flight; never later than identity received it, so that a
 * gateway clock running ahead cannot turn a race into a replay.
 */
export function presentationTime(stamped_at: string | undefined, received_at: Date): Date {
  const stamped = stamped_at === undefined ? Number.NaN : Date.parse(stamped_at);
  return Number.isNaN(stamped) || stamped > received_at.getTime() ? received_at : new Date(stamped);
}
