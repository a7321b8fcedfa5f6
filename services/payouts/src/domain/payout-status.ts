import type { PayoutStatus, PayoutStatusCode } from '@platform/contracts';

/**
 * Every status_code a payout can carry, with its status and the message clients see. The state
 * table of spec section 3 in data: a change of code is a change the payout announces
 * (`payouts.payout_status_changed`).
 */
export const STATUS_CODES = {
  compliance_pending: {
    status: 'pending',
    message: 'screening is pending; nothing has been debited yet',
  },
  compliance_dispatch_pending: {
    status: 'pending',
    message: 'screening passed; the debit is made and dispatch is queued',
  },
  compliance_dispatching: { status: 'pending', message: 'the payout is being dispatched' },
  core_unreachable: {
    status: 'pending',
    message: 'the payout is waiting for the ledger and will be retried',
  },
  firewall_review: { status: 'in_review', message: 'the payout is held for review' },
  rail_submitted: { status: 'processing', message: 'the payout was sent to the payment rail' },
  manual_dispatch: {
    status: 'processing',
    message: 'the payout is waiting for manual dispatch by an operator',
  },
  completed: { status: 'completed', message: 'the payout was paid to the beneficiary' },
  rail_rejected: {
    status: 'failed',
    message: "the beneficiary's bank rejected the payment; the debit was refunded",
  },
  manual_rejected: {
    status: 'failed',
    message: 'the payment could not be sent; the debit was refunded',
  },
  screening_rejected: {
    status: 'failed',
    message: 'the payout was rejected by compliance screening before any debit',
  },
  review_rejected: {
    status: 'failed',
    message: 'the payout was rejected in review before any debit',
  },
  insufficient_funds: {
    status: 'failed',
    message: 'the settlement balance was too low when the payout was dispatched',
  },
} as const satisfies Record<PayoutStatusCode, { status: PayoutStatus; message: string }>;

export type StatusCode = PayoutStatusCode;

/** Codes that end a payout before any money moved (spec §6 pre-debit failure). */
const PREDEBIT_FAILURES: readonly StatusCode[] = [
  'screening_rejected',
  'review_rejected',
  'insufficient_funds',
];

export interface PayoutFlags {
  status: PayoutStatus;
  status_code: StatusCode;
  status_message: string;
  funds_debited: boolean;
  predebit_failure: boolean;
  compliance_pending: boolean;
}

/**
 * The flags a payout carries under a code. `funds_debited` is true while the settlement asset
 * is held or posted for it: a refunded failure and a pre-debit failure both leave it false.
 */
export function flagsOf(status_code: StatusCode): PayoutFlags {
  const { status, message } = STATUS_CODES[status_code];
  const debited: readonly StatusCode[] = [
    'compliance_dispatch_pending',
    'compliance_dispatching',
    'rail_submitted',
    'manual_dispatch',
    'completed',
  ];
  return {
    status,
    status_code,
    status_message: message,
    funds_debited: debited.includes(status_code),
    predebit_failure: PREDEBIT_FAILURES.includes(status_code),
    compliance_pending: status_code === 'compliance_pending',
  };
}

/** Spec §4: no receipt while screening is pending, in review, or after a pre-debit failure. */
export function receiptAvailable(status_code: StatusCode): boolean {
  const flags = flagsOf(status_code);
  if (flags.predebit_failure || flags.compliance_pending) return false;
  if (flags.status === 'in_review') return false;
  return flags.funds_debited || flags.status === 'failed' || flags.status === 'completed';
}
