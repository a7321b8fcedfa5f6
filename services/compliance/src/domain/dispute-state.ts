import type { EvidenceFile } from './evidence-files';

/**
 * A payment dispute on a card payin (decisions D8): the payer's bank contests the payment, the
 * account answers with evidence, and the card network decides. Amounts are decimal strings.
 */
export const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export type DisputeOutcome = 'won' | 'lost';

/** What the ledger holds for the dispute: the amount the payin credited, in its asset. */
export interface DisputeHold {
  hold_id: string;
  asset: string;
  amount: string;
}

export interface DisputeEvidence {
  text: string;
  /** Absent from evidence given before files were taken: none. */
  files?: EvidenceFile[];
  submitted_at: string;
}

export interface DisputeState {
  dispute_id: string;
  payin_id: string;
  account_id: string;
  org_id: string;
  /** The disputed payment, as the payer paid it. */
  amount: string;
  currency: string;
  reason: string;
  status: DisputeStatus;
  respond_by: string;
  evidence: DisputeEvidence | null;
  /** Null when the balance could not cover the hold when the dispute opened. */
  hold: DisputeHold | null;
  opened_at: string;
  updated_at: string;
}

export interface DisputeOpening {
  dispute_id: string;
  payin_id: string;
  account_id: string;
  org_id: string;
  amount: string;
  currency: string;
  reason: string;
  respond_by: string;
  hold: DisputeHold | null;
  now: string;
}

export type DisputeCommand =
  | { type: 'open'; data: DisputeOpening }
  | { type: 'submit_evidence'; data: { text: string; files: EvidenceFile[]; now: string } }
  | { type: 'resolve'; data: { outcome: DisputeOutcome; now: string } };

export type DisputeEvent =
  | { type: 'opened'; data: DisputeOpening }
  | { type: 'evidence_submitted'; data: DisputeEvidence }
  | { type: 'resolved'; data: { outcome: DisputeOutcome; at: string } };

/** The state after one event; `null` is the dispute before it opened. */
export function evolve(state: DisputeState | null, event: DisputeEvent): DisputeState {
  switch (event.type) {
    case 'opened': {
      const { now, ...opening } = event.data;
      return {
        ...opening,
        status: 'needs_response',
        evidence: null,
        opened_at: now,
        updated_at: now,
      };
    }
    case 'evidence_submitted':
      return {
        ...existing(state, event.type),
        status: 'under_review',
        evidence: event.data,
        updated_at: event.data.submitted_at,
      };
    case 'resolved':
      return {
        ...existing(state, event.type),
        status: event.data.outcome,
        updated_at: event.data.at,
      };
    default: {
      const unknown: never = event;
      throw new Error(`unknown dispute event ${JSON.stringify(unknown)}`);
    }
  }
}

function existing(state: DisputeState | null, event_type: string): DisputeState {
  if (!state) throw new Error(`${event_type} before the dispute opened`);
  return state;
}

/** The dispute after a run of events, as a replay rebuilds it. */
export function foldDispute(events: readonly DisputeEvent[]): DisputeState | null {
  return events.reduce<DisputeState | null>(evolve, null);
}
