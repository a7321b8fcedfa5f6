import type { TrackView } from '@platform/contracts';
import type { Payin } from './payin';

/** What a payin's public track page shows: its status and dates, nothing that names anyone. */
export function payinTrack(payin: Payin): TrackView {
  const finished_at =
    payin.status === 'credited'
      ? (payin.credited_at ?? payin.updated_at)
      : payin.status === 'pending'
        ? null
        : payin.updated_at;
  return {
    kind: 'payin',
    status: payin.status,
    created_at: payin.created_at.toISOString(),
    updated_at: payin.updated_at.toISOString(),
    finished_at: finished_at?.toISOString() ?? null,
    expires_at: payin.status === 'pending' ? payin.expires_at.toISOString() : null,
  };
}
