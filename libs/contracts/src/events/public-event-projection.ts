import type { PublicEventType } from '../commands/notifications-replies';

/**
 * Which domain events become which public events (the cross-team contract), and the fields of
 * `data` each public event carries (spec section 6). Every other field of the domain event is
 * dropped, so nothing internal leaks into a webhook or the stream.
 */
export const PROJECTED_DOMAIN_EVENTS = [
  'ledger.transfer_received',
  'payouts.payout_status_changed',
  'payins.payin_credited',
  'payins.payin_settlement_scheduled',
  'payins.payin_expired',
  'payins.payin_refunded',
  'compliance.verification_link_completed',
  'compliance.verification_document_validated',
  'compliance.verification_liveness_completed',
  'compliance.verification_status_changed',
  'compliance.aml_screening_updated',
  'compliance.review_status_changed',
  'compliance.dispute_status_changed',
  // crypto withdrawals (issue 15)
  'crypto-wallets.withdrawal_status_changed',
  'crypto-wallets.wallet_linked',
  // crypto deposits (issue 15)
  'crypto-wallets.deposit_credited',
  'crypto-wallets.deposit_quarantined',
  'crypto-wallets.deposit_flagged',
  'crypto-wallets.wallet_key_exported',
  'crypto-wallets.wallet_signature_created',
  // segregated wallets on chain (issue 15, part S)
  'crypto-wallets.wallet_deposit_received',
  'crypto-wallets.wallet_send_status_changed',
  'crypto-wallets.wallet_external_movement_observed',
  'crypto-wallets.wallet_key_compromise_suspected',
  // credit scoring (issue 16, core)
  'risk-scoring.report_created',
  'risk-scoring.consent_granted',
  'risk-scoring.consent_revoked',
  // credit-scoring batches (issue 16)
  'risk-scoring.batch_completed',
  // credit-scoring watch: monitoring, disputes, fraud (issue 16)
  'risk-scoring.score_changed',
  'risk-scoring.monitoring_alert_raised',
  'risk-scoring.fraud_score_computed',
  'risk-scoring.credit_dispute_status_changed',
  // organization announcements (issue 18)
  'identity.announcement_delivered',
  // cards (issue 17)
  'cards.card_status_changed',
  'cards.card_transaction_authorized',
  'cards.card_transaction_declined',
  'cards.card_transaction_reversed',
  'cards.card_transaction_adjusted',
  // banking (issue 17)
  'banking.customer_status_changed',
  'banking.operation_status_changed',
  'banking.virtual_iban_inbound_received',
] as const;
export type ProjectedDomainEvent = (typeof PROJECTED_DOMAIN_EVENTS)[number];

interface PublicShape {
  /** A verification event's name follows its kind: `kyc_*` for persons, `kyb_*` for companies. */
  type: PublicEventType | ((source: Record<string, unknown>) => PublicEventType);
  fields: readonly string[];
  /** Spec section 6: these events return the client's non-empty `idempotency_key`. */
  carries_idempotency_key: boolean;
}

/** Spec §6: the consent events' fields. */
const CONSENT_FIELDS: readonly string[] = [
  'consent_id',
  'subject_id',
  'country',
  'doc_id',
  'subject_type',
  'purpose',
  'status',
  'previous_status',
  'revoked_at',
];

function shapeOf(type: ProjectedDomainEvent): PublicShape {
  switch (type) {
    case 'ledger.transfer_received':
      return {
        type: 'transfer_received',
        fields: [
          'transfer_id',
          'from_account_id',
          'to_account_id',
          'asset',
          'amount',
          'description',
          'created_at',
        ],
        carries_idempotency_key: false,
      };
    case 'payouts.payout_status_changed':
      return {
        type: 'payout_status_changed',
        fields: [
          'payout_id',
          'account_id',
          'country',
          'currency',
          'local_amount',
          'usdt_amount',
          'total_debit',
          'status',
          'status_code',
          'status_message',
          'funds_debited',
          'predebit_failure',
          'compliance_pending',
          'receipt_url',
          'settlement_asset',
        ],
        carries_idempotency_key: true,
      };
    case 'payins.payin_credited':
      return {
        type: 'payin_credited',
        fields: [
          'payin_id',
          'account_id',
          'country',
          'currency',
          'local_amount',
          'fx_rate',
          'usdt_credited',
          'fee',
          'credit_asset',
          'fiat_credited',
          'settled_via',
          'crypto_amount',
        ],
        carries_idempotency_key: true,
      };
    case 'payins.payin_settlement_scheduled':
      return {
        type: 'payin_settlement_scheduled',
        fields: [
          'payin_id',
          'account_id',
          'status',
          'usdt_gross',
          'fee',
          'usdt_net',
          'settle_at',
          'receipt_url',
        ],
        carries_idempotency_key: true,
      };
    case 'payins.payin_expired':
      return {
        type: 'payin_expired',
        fields: [
          'payin_id',
          'account_id',
          'status',
          'country',
          'currency',
          'local_amount',
          'reference',
          'failure',
        ],
        carries_idempotency_key: true,
      };
    case 'payins.payin_refunded':
      return {
        type: 'payin_refunded',
        fields: ['payin_id', 'account_id', 'debited_asset', 'debited_amount'],
        carries_idempotency_key: true,
      };
    case 'compliance.verification_link_completed':
      return {
        type: (source) => (source.kind === 'kyb' ? 'kyb_link_completed' : 'kyc_link_completed'),
        fields: [...VERIFICATION_FIELDS, 'event', 'link_id', 'status'],
        carries_idempotency_key: false,
      };
    case 'compliance.verification_document_validated':
      return {
        type: (source) =>
          source.kind === 'kyb' ? 'kyb_document_validated' : 'kyc_document_validated',
        fields: [...VERIFICATION_FIELDS, 'category', 'outcome', 'score', 'summary'],
        carries_idempotency_key: false,
      };
    case 'compliance.verification_liveness_completed':
      return {
        type: 'kyc_liveness_completed',
        fields: [...VERIFICATION_FIELDS, 'outcome', 'passed'],
        carries_idempotency_key: false,
      };
    case 'compliance.verification_status_changed':
      return {
        type: (source) =>
          source.kind === 'kyb'
            ? 'kyb_verification_status_changed'
            : 'kyc_verification_status_changed',
        fields: [
          ...VERIFICATION_FIELDS,
          'event',
          'status',
          'risk_band',
          'decision',
          'self_onboarding',
          'pending_documents',
          'changes_requested_comments',
          'documents_received',
          'documents_gate',
        ],
        carries_idempotency_key: false,
      };
    case 'compliance.aml_screening_updated':
      return {
        type: 'aml_screening_updated',
        fields: ['account_id', 'screening_event', 'customer_id', 'data'],
        carries_idempotency_key: false,
      };
    case 'compliance.review_status_changed':
      return {
        type: 'txn_review_status_changed',
        fields: ['review_id', 'operation_kind', 'operation_id', 'status'],
        carries_idempotency_key: false,
      };
    case 'compliance.dispute_status_changed':
      return {
        type: 'dispute_status_changed',
        fields: ['dispute_id', 'payin_id', 'account_id', 'status', 'amount', 'currency'],
        carries_idempotency_key: false,
      };
    // crypto withdrawals (issue 15)
    case 'crypto-wallets.withdrawal_status_changed':
      return {
        type: 'crypto_withdrawal_status_changed',
        fields: ['withdrawal_id', 'account_id', 'chain', 'asset', 'tx_id', 'status', 'amount'],
        carries_idempotency_key: true,
      };
    case 'crypto-wallets.wallet_linked':
      return {
        type: 'wallet_linked',
        fields: ['link_id', 'account_id', 'chain', 'address', 'linked_at'],
        carries_idempotency_key: false,
      };
    // crypto deposits (issue 15)
    case 'crypto-wallets.deposit_credited':
      return {
        type: 'crypto_deposit_credited',
        fields: ['account_id', 'chain', 'asset', 'tx_id', 'amount', 'fee'],
        carries_idempotency_key: false,
      };
    case 'crypto-wallets.deposit_quarantined':
      return {
        type: 'crypto_deposit_held',
        fields: ['account_id', 'hold_id', 'chain', 'asset', 'tx_id', 'risk', 'status'],
        carries_idempotency_key: false,
      };
    case 'crypto-wallets.deposit_flagged':
      return {
        type: 'crypto_deposit_alert',
        fields: ['account_id', 'chain', 'asset', 'tx_id', 'risk', 'status'],
        carries_idempotency_key: false,
      };
    case 'crypto-wallets.wallet_key_exported':
      return {
        type: 'wallet_key_exported',
        fields: ['wallet_id', 'account_id', 'chain', 'asset', 'address'],
        carries_idempotency_key: false,
      };
    case 'crypto-wallets.wallet_signature_created':
      return {
        type: 'wallet_signature_created',
        fields: [
          'proof_id',
          'proof_code',
          'wallet_id',
          'account_id',
          'chain',
          'address',
          'purpose',
          'status',
          'created_at',
        ],
        carries_idempotency_key: false,
      };
    // segregated wallets on chain (issue 15, part S)
    case 'crypto-wallets.wallet_deposit_received':
      return {
        type: 'wallet_deposit_received',
        fields: [
          'wallet_id',
          'account_id',
          'chain',
          'asset',
          'tx_id',
          'amount_raw',
          'from_address',
        ],
        carries_idempotency_key: false,
      };
    case 'crypto-wallets.wallet_send_status_changed':
      return {
        type: 'wallet_send_status_changed',
        fields: [
          'send_id',
          'wallet_id',
          'account_id',
          'chain',
          'asset',
          'tx_id',
          'status',
          'amount_raw',
        ],
        carries_idempotency_key: true,
      };
    case 'crypto-wallets.wallet_external_movement_observed':
    case 'crypto-wallets.wallet_key_compromise_suspected':
      return {
        type:
          type === 'crypto-wallets.wallet_external_movement_observed'
            ? 'wallet_external_movement'
            : 'wallet_key_compromise_suspected',
        fields: [
          'wallet_id',
          'account_id',
          'chain',
          'asset',
          'direction',
          'tx_id',
          'amount_raw',
          'custody',
        ],
        carries_idempotency_key: false,
      };
    // credit scoring (issue 16, core)
    case 'risk-scoring.report_created':
      return {
        type: 'risk_report_ready',
        fields: [
          'report_id',
          'account_id',
          'subject_id',
          'country',
          'doc_id',
          'subject_type',
          'purpose',
          'score',
          'band',
          'evaluated_at',
        ],
        carries_idempotency_key: true,
      };
    case 'risk-scoring.consent_granted':
      return {
        type: 'risk_consent_granted',
        fields: CONSENT_FIELDS,
        carries_idempotency_key: false,
      };
    case 'risk-scoring.consent_revoked':
      return {
        type: 'risk_consent_revoked',
        fields: CONSENT_FIELDS,
        carries_idempotency_key: false,
      };
    // credit-scoring batches (issue 16)
    case 'risk-scoring.batch_completed':
      return {
        type: 'risk_batch_completed',
        fields: [
          'batch_id',
          'account_id',
          'status',
          'total',
          'processed',
          'completed',
          'no_score',
          'consent_required',
          'invalid',
          'failed',
          'completed_at',
        ],
        carries_idempotency_key: false,
      };
    // credit-scoring watch: monitoring, disputes, fraud (issue 16)
    case 'risk-scoring.score_changed':
    case 'risk-scoring.monitoring_alert_raised':
      return {
        type:
          type === 'risk-scoring.score_changed' ? 'risk_score_changed' : 'risk_monitoring_alert',
        fields: [...SCORE_CHANGE_FIELDS, 'alert', 'direction'],
        carries_idempotency_key: false,
      };
    case 'risk-scoring.fraud_score_computed':
      return {
        type: 'risk_fraud_score_ready',
        fields: [
          'fraud_report_id',
          'account_id',
          ...SUBJECT_FIELDS,
          'fraud_score',
          'level',
          'reasons',
          'created_at',
        ],
        carries_idempotency_key: true,
      };
    case 'risk-scoring.credit_dispute_status_changed':
      return {
        type: 'dispute_status_changed',
        fields: [
          'kind',
          'dispute_id',
          'account_id',
          ...SUBJECT_FIELDS,
          'report_id',
          'factor_code',
          'status',
          'previous_status',
          'updated_at',
        ],
        carries_idempotency_key: false,
      };
    // organization announcements (issue 18): the account's copy, in its language, plain text
    case 'identity.announcement_delivered':
      return {
        type: 'admin_announcement',
        fields: ['broadcast_id', 'subject', 'body'],
        carries_idempotency_key: false,
      };
    // cards (issue 17)
    case 'cards.card_status_changed':
      return {
        type: 'card_status_changed',
        fields: ['account_id', 'card_id', 'status', 'reason'],
        carries_idempotency_key: false,
      };
    case 'cards.card_transaction_authorized':
    case 'cards.card_transaction_declined':
    case 'cards.card_transaction_reversed':
    case 'cards.card_transaction_adjusted':
      return {
        type: 'card_transaction',
        fields: ['account_id', 'card_id', 'transaction_id', 'status', 'amount_usdt', 'merchant'],
        carries_idempotency_key: false,
      };
    // banking (issue 17)
    case 'banking.customer_status_changed':
      return {
        type: 'banking_customer_status_changed',
        fields: ['account_id', 'customer_id', 'kyc_status'],
        carries_idempotency_key: false,
      };
    case 'banking.operation_status_changed':
      return {
        type: 'banking_operation_status_changed',
        fields: ['account_id', 'customer_id', 'operation_id', 'type', 'status'],
        carries_idempotency_key: false,
      };
    case 'banking.virtual_iban_inbound_received':
      return {
        type: 'banking_virtual_iban_inbound',
        fields: ['operation_id', 'account_id', 'bank_account_id', 'amount', 'currency'],
        carries_idempotency_key: false,
      };
    default: {
      const unhandled: never = type;
      throw new Error(`no public shape for ${String(unhandled)}`);
    }
  }
}

/** A credit-scoring subject, flat (issue 16). */
const SUBJECT_FIELDS = ['subject_id', 'country', 'doc_id', 'subject_type'];

/** The fields of a monitored subject's score change (issue 16). */
const SCORE_CHANGE_FIELDS = [
  'monitoring_id',
  'account_id',
  ...SUBJECT_FIELDS,
  'previous_score',
  'score',
  'previous_band',
  'band',
  'evaluated_at',
];

/** The fields every verification event carries (spec §6). */
const VERIFICATION_FIELDS = ['account_id', 'kind', 'submission_id', 'external_customer_id'];

export function isProjectedDomainEvent(type: string): type is ProjectedDomainEvent {
  return (PROJECTED_DOMAIN_EVENTS as readonly string[]).includes(type);
}

/** The public type and `data` of a domain event, or null when no public event comes of it. */
export function projectPublicEvent(
  domain_type: string,
  domain_data: unknown,
): { type: PublicEventType; data: Record<string, unknown> } | null {
  if (!isProjectedDomainEvent(domain_type)) return null;
  if (typeof domain_data !== 'object' || domain_data === null) return null;
  const source = domain_data as Record<string, unknown>;
  const shape = shapeOf(domain_type);
  const data: Record<string, unknown> = {};
  for (const field of shape.fields) {
    if (source[field] !== undefined) data[field] = source[field];
  }
  const key = source.idempotency_key;
  // Omitted when empty, and never an internal key (spec section 6).
  if (shape.carries_idempotency_key && typeof key === 'string' && key !== '') {
    data.idempotency_key = key;
  }
  const type = typeof shape.type === 'function' ? shape.type(source) : shape.type;
  return { type, data };
}

/** Fields spec section 6 redacts for account-scoped subscriptions, wherever they appear. */
const REDACTED_FIELDS = ['ip', 'user_agent'] as const;

/** A copy of `data` without `ip` and `user_agent` at any depth. */
export function redactForAccount(data: Record<string, unknown>): Record<string, unknown> {
  return redactValue(data) as Record<string, unknown>;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((REDACTED_FIELDS as readonly string[]).includes(key)) continue;
    copy[key] = redactValue(inner);
  }
  return copy;
}
