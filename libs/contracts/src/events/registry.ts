import type { z } from 'zod';
import { eventEnvelopeSchema, type EventEnvelope } from '../envelope';
import {
  verificationDocumentValidatedSchema,
  verificationLinkCompletedSchema,
  verificationLivenessCompletedSchema,
  verificationStatusChangedSchema,
} from './compliance';
import {
  accountConfirmedSchema,
  accountRegisteredSchema,
  announcementDeliveredSchema,
  organizationCreatedSchema,
} from './identity';
import {
  assetsSwappedSchema,
  fundsCreditedSchema,
  fundsDebitedSchema,
  holdPlacedSchema,
  holdPostedSchema,
  holdReleasedSchema,
  transferReceivedSchema,
} from './ledger';
import { payoutStatusChangedSchema } from './payouts';
import {
  payinCreditedSchema,
  payinExpiredSchema,
  payinRefundedSchema,
  payinSettlementScheduledSchema,
} from './payins';
import { amlScreeningUpdatedSchema, reviewStatusChangedSchema } from './compliance';
import { disputeStatusChangedSchema } from './disputes';
// crypto withdrawals (issue 15)
import { cryptoWithdrawalStatusChangedSchema } from './crypto-withdrawals';
// crypto deposits (issue 15)
import {
  cryptoDepositAlertSchema,
  cryptoDepositCreditedSchema,
  cryptoDepositHeldSchema,
} from './crypto';
import {
  walletKeyExportedSchema,
  walletLinkedSchema,
  walletSignatureCreatedSchema,
} from './wallets';
// segregated wallets on chain (issue 15, part S)
import {
  walletDepositReceivedSchema,
  walletExternalMovementSchema,
  walletSendStatusChangedSchema,
} from './wallet-chain';
// credit scoring (issue 16, core)
import { riskConsentChangedSchema, riskReportCreatedSchema } from './risk-scoring';
// credit-scoring batches (issue 16)
import { riskBatchCompletedSchema } from './risk-batches';
// credit-scoring watch: monitoring, disputes, fraud (issue 16)
import {
  creditDisputeStatusChangedSchema,
  riskFraudScoreComputedSchema,
  riskMonitoringAlertSchema,
  riskScoreChangedSchema,
} from './risk-monitoring';
// cards (issue 17)
import { cardIssuedSchema, cardStatusChangedSchema, cardTransactionSchema } from './cards';
// banking (issue 17)
import {
  bankingBalanceChangedSchema,
  bankingCustomerStatusChangedSchema,
  bankingInboundReceivedSchema,
  bankingOperationStatusChangedSchema,
} from './banking';
import {
  posChargeRecordedSchema,
  posChargeRefundedSchema,
  subscriptionChargedSchema,
  subscriptionChargeFailedSchema,
  subscriptionCreatedSchema,
  subscriptionStatusChangedSchema,
} from './subscriptions';
// contracts and signatures (issue 18)
import { contractSignedSchema } from './contracts';

interface EventSchemaEntry {
  /** The schema version of `data`, carried as the envelope's `version`. */
  readonly version: number;
  readonly schema: z.ZodType;
}

/**
 * Every domain event type with the current version and runtime schema of its `data`.
 * Payload schemas strip unknown fields rather than reject them: a consumer keeps reading an
 * event that a newer producer has extended, as Protocol Buffers readers do.
 * A rename here is a breaking change (see proto/).
 */
export const EVENT_SCHEMAS = {
  'identity.organization_created': { version: 1, schema: organizationCreatedSchema },
  'identity.account_registered': { version: 1, schema: accountRegisteredSchema },
  'identity.account_confirmed': { version: 1, schema: accountConfirmedSchema },
  'identity.announcement_delivered': { version: 1, schema: announcementDeliveredSchema },
  'ledger.funds_credited': { version: 1, schema: fundsCreditedSchema },
  'ledger.funds_debited': { version: 1, schema: fundsDebitedSchema },
  'ledger.hold_placed': { version: 1, schema: holdPlacedSchema },
  'ledger.hold_posted': { version: 1, schema: holdPostedSchema },
  'ledger.hold_released': { version: 1, schema: holdReleasedSchema },
  'ledger.assets_swapped': { version: 1, schema: assetsSwappedSchema },
  'payouts.payout_status_changed': { version: 1, schema: payoutStatusChangedSchema },
  'ledger.transfer_received': { version: 1, schema: transferReceivedSchema },
  'payins.payin_credited': { version: 1, schema: payinCreditedSchema },
  'payins.payin_settlement_scheduled': { version: 1, schema: payinSettlementScheduledSchema },
  'payins.payin_expired': { version: 1, schema: payinExpiredSchema },
  'payins.payin_refunded': { version: 1, schema: payinRefundedSchema },
  'compliance.verification_link_completed': { version: 1, schema: verificationLinkCompletedSchema },
  'compliance.verification_document_validated': {
    version: 1,
    schema: verificationDocumentValidatedSchema,
  },
  'compliance.verification_liveness_completed': {
    version: 1,
    schema: verificationLivenessCompletedSchema,
  },
  'compliance.verification_status_changed': { version: 1, schema: verificationStatusChangedSchema },
  'compliance.aml_screening_updated': { version: 1, schema: amlScreeningUpdatedSchema },
  'compliance.review_status_changed': { version: 1, schema: reviewStatusChangedSchema },
  'compliance.dispute_status_changed': { version: 1, schema: disputeStatusChangedSchema },
  // crypto withdrawals (issue 15)
  'crypto-wallets.withdrawal_status_changed': {
    version: 1,
    schema: cryptoWithdrawalStatusChangedSchema,
  },
  'crypto-wallets.wallet_linked': { version: 1, schema: walletLinkedSchema },
  // crypto deposits (issue 15)
  'crypto-wallets.deposit_credited': { version: 1, schema: cryptoDepositCreditedSchema },
  'crypto-wallets.deposit_quarantined': { version: 1, schema: cryptoDepositHeldSchema },
  'crypto-wallets.deposit_flagged': { version: 1, schema: cryptoDepositAlertSchema },
  'crypto-wallets.wallet_key_exported': { version: 1, schema: walletKeyExportedSchema },
  'crypto-wallets.wallet_signature_created': { version: 1, schema: walletSignatureCreatedSchema },
  // segregated wallets on chain (issue 15, part S)
  'crypto-wallets.wallet_deposit_received': { version: 1, schema: walletDepositReceivedSchema },
  'crypto-wallets.wallet_send_status_changed': {
    version: 1,
    schema: walletSendStatusChangedSchema,
  },
  'crypto-wallets.wallet_external_movement_observed': {
    version: 1,
    schema: walletExternalMovementSchema,
  },
  'crypto-wallets.wallet_key_compromise_suspected': {
    version: 1,
    schema: walletExternalMovementSchema,
  },
  // credit scoring (issue 16, core)
  'risk-scoring.report_created': { version: 1, schema: riskReportCreatedSchema },
  'risk-scoring.consent_granted': { version: 1, schema: riskConsentChangedSchema },
  'risk-scoring.consent_revoked': { version: 1, schema: riskConsentChangedSchema },
  // credit-scoring batches (issue 16)
  'risk-scoring.batch_completed': { version: 1, schema: riskBatchCompletedSchema },
  // credit-scoring watch: monitoring, disputes, fraud (issue 16)
  'risk-scoring.score_changed': { version: 1, schema: riskScoreChangedSchema },
  'risk-scoring.monitoring_alert_raised': { version: 1, schema: riskMonitoringAlertSchema },
  'risk-scoring.fraud_score_computed': { version: 1, schema: riskFraudScoreComputedSchema },
  'risk-scoring.credit_dispute_status_changed': {
    version: 1,
    schema: creditDisputeStatusChangedSchema,
  },
  // cards (issue 17)
  'cards.card_issued': { version: 1, schema: cardIssuedSchema },
  'cards.card_status_changed': { version: 1, schema: cardStatusChangedSchema },
  'cards.card_transaction_authorized': { version: 1, schema: cardTransactionSchema },
  'cards.card_transaction_declined': { version: 1, schema: cardTransactionSchema },
  'cards.card_transaction_reversed': { version: 1, schema: cardTransactionSchema },
  'cards.card_transaction_adjusted': { version: 1, schema: cardTransactionSchema },
  // banking (issue 17)
  'banking.customer_status_changed': { version: 1, schema: bankingCustomerStatusChangedSchema },
  'banking.operation_status_changed': { version: 1, schema: bankingOperationStatusChangedSchema },
  'banking.virtual_iban_inbound_received': { version: 1, schema: bankingInboundReceivedSchema },
  'banking.balance_changed': { version: 1, schema: bankingBalanceChangedSchema },
  // subscriptions and POS (issue 17)
  'payins.subscription_created': { version: 1, schema: subscriptionCreatedSchema },
  'payins.subscription_paused': { version: 1, schema: subscriptionStatusChangedSchema },
  'payins.subscription_resumed': { version: 1, schema: subscriptionStatusChangedSchema },
  'payins.subscription_canceled': { version: 1, schema: subscriptionStatusChangedSchema },
  'payins.subscription_charged': { version: 1, schema: subscriptionChargedSchema },
  'payins.subscription_charge_failed': { version: 1, schema: subscriptionChargeFailedSchema },
  'payins.pos_charge_recorded': { version: 1, schema: posChargeRecordedSchema },
  'payins.pos_charge_refunded': { version: 1, schema: posChargeRefundedSchema },
  // contracts and signatures (issue 18)
  'compliance.contract_signed': { version: 1, schema: contractSignedSchema },
} as const satisfies Record<string, EventSchemaEntry>;

export type EventType = keyof typeof EVENT_SCHEMAS;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_SCHEMAS)[T]['schema']>;

/** The events as a union keyed by `type`, for exhaustive switches in consumers. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** An envelope whose `data` matches its `type`. */
export type DomainEventEnvelope = { [T in EventType]: EventEnvelope<T, EventData<T>> }[EventType];

export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, value);
}

/** Data that does not match its event type's schema: a producer bug, never a client's error. */
export class InvalidEventDataError extends Error {
  constructor(
    readonly event_type: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid data for ${event_type}: ${issues.join('; ')}`);
    this.name = 'InvalidEventDataError';
  }
}

/** Checks `data` against the schema of `type` and returns it typed (unknown fields dropped). */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  if (!isEventType(type)) throw new InvalidEventDataError(String(type), ['unknown event type']);
  const result = EVENT_SCHEMAS[type].schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`,
    );
    throw new InvalidEventDataError(type, issues);
  }
  return result.data as EventData<T>;
}

/**
 * Checks a whole envelope read from the bus or the store: a known type at the version this
 * code reads, and data that matches it. Returns it typed by `type`.
 */
export function parseEventEnvelope(raw: unknown): DomainEventEnvelope {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const type =
      typeof raw === 'object' && raw !== null && 'type' in raw ? String(raw.type) : '(unknown)';
    throw new InvalidEventDataError(
      type,
      envelope.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const { type, version } = envelope.data;
  if (!isEventType(type)) throw new InvalidEventDataError(type, ['unknown event type']);
  if (version !== EVENT_SCHEMAS[type].version) {
    throw new InvalidEventDataError(type, [
      `version ${version} is not the supported version ${EVENT_SCHEMAS[type].version}`,
    ]);
  }
  return {
    ...envelope.data,
    type,
    data: parseEventData(type, envelope.data.data),
  } as DomainEventEnvelope;
}
