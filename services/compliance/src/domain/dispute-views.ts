import type { DisputeResource, DisputeStatusChanged } from '@platform/contracts';
import type { DisputeEvidence, DisputeState } from './dispute-state';

/** A dispute as the API answers it: nothing of the ledger's hold shows. */
export function disputeResourceOf(state: DisputeState): DisputeResource {
  return {
    dispute_id: state.dispute_id,
    payin_id: state.payin_id,
    amount: state.amount,
    currency: state.currency,
    reason: state.reason,
    status: state.status,
    respond_by: state.respond_by,
    evidence: state.evidence && evidenceOf(state.evidence),
    created_at: state.opened_at,
    updated_at: state.updated_at,
  };
}

function evidenceOf(evidence: DisputeEvidence): NonNullable<DisputeResource['evidence']> {
  return {
    text: evidence.text,
    files: (evidence.files ?? []).map(({ file_id, filename, content_type, size_bytes }) => ({
      file_id,
      filename,
      content_type,
      size_bytes,
    })),
    submitted_at: evidence.submitted_at,
  };
}

/** `compliance.dispute_status_changed` for the dispute as it now stands. */
export function statusChangedOf(state: DisputeState): DisputeStatusChanged {
  return {
    dispute_id: state.dispute_id,
    payin_id: state.payin_id,
    account_id: state.account_id,
    status: state.status,
    amount: state.amount,
    currency: state.currency,
  };
}
