import type { ScreeningDecision } from '@platform/contracts';
import type { DispatchMode } from './corridors';

/** What placing the payout's debit (a ledger hold) came to. */
export type DebitOutcome = 'held' | 'insufficient_funds' | 'ledger_unreachable';

/** What a rail answers about a payout handed to it. */
export type RailAnswer =
  { kind: 'pending' } | { kind: 'confirmed'; bank_reference: string } | { kind: 'rejected' };

/**
 * What can happen to a payout after it is opened (spec §3). `record_*` commands carry what
 * another party answered (screening, the ledger, the rail); the others are an operator's
 * decisions and the dispatch queue's turn.
 */
export type PayoutCommand =
  | {
      type: 'record_screening';
      /** `unavailable`: screening could not answer; the payout waits for it. */
      data: { decision: ScreeningDecision | 'unavailable'; review_id: string | null };
    }
  | { type: 'record_debit'; data: { outcome: DebitOutcome } }
  | { type: 'start_dispatch' }
  | { type: 'record_dispatch'; data: { mode: DispatchMode } }
  | { type: 'record_rail_answer'; data: RailAnswer }
  | { type: 'confirm_manual' }
  | { type: 'reject_manual' }
  | { type: 'release_review' }
  | { type: 'reject_review' };

export type PayoutCommandType = PayoutCommand['type'];

/**
 * What the lifecycle decided. These are the domain's own facts, folded into the payout; the
 * service stores the resulting payout and announces it with one `payouts.payout_status_changed`.
 */
export type PayoutEvent =
  | { type: 'screening_passed' }
  | { type: 'held_for_review'; data: { review_id: string | null } }
  | { type: 'screening_rejected' }
  | { type: 'funds_held' }
  | { type: 'debit_refused' }
  | { type: 'debit_postponed' }
  | { type: 'dispatch_started' }
  | { type: 'handed_to_rail' }
  | { type: 'handed_to_operator' }
  | { type: 'rail_confirmed'; data: { bank_reference: string } }
  | { type: 'rail_rejected' }
  | { type: 'manual_confirmed' }
  | { type: 'manual_rejected' }
  | { type: 'review_released' }
  | { type: 'review_rejected' };

/**
 * What must be done outside the payout before an event is stored: a completed payout's hold is
 * posted; a debited payout that fails has its hold released (spec §3: the debit is refunded
 * before the failure is announced); a reviewer's decision is told to compliance first.
 */
export type PayoutEffect = 'post_hold' | 'release_hold' | 'release_review' | 'reject_review';
