import type { TrackView } from '@platform/contracts';
import type { PayoutRecord } from './payout-record';

const FINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);

/** What a payout's public track page shows: its status and dates, nothing that names anyone. */
export function payoutTrack(record: PayoutRecord): TrackView {
  return {
    kind: 'payout',
    status: record.status,
    created_at: record.created_at,
    updated_at: record.updated_at,
    finished_at: FINAL_STATUSES.has(record.status) ? record.updated_at : null,
    expires_at: null,
  };
}
