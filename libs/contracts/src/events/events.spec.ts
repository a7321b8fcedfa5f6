import { EVENT_NAME } from '../envelope';
import {
  EVENT_SCHEMAS,
  EVENT_TYPES,
  InvalidEventDataError,
  isEventType,
  parseEventData,
  parseEventEnvelope,
  type EventType,
} from './registry';

const ORG_ID = '6f1c2f4e-8a4b-4d0b-9a57-6f2f0a1d9c11';
const ACCOUNT_ID = '0b8e0d35-7f52-4c4e-9a7a-1d9f5f0f2a33';

// cards (issue 17)
const cardIssued = {
  card_id: 'crd-1',
  account_id: ACCOUNT_ID,
  type: 'virtual',
  status: 'active',
  last4: '4242',
  issued_at: '2026-01-02T03:04:05.000Z',
};
const cardStatus = {
  card_id: 'crd-1',
  account_id: ACCOUNT_ID,
  status: 'frozen',
  previous_status: 'active',
  reason: 'monthly_fee_unpaid',
  changed_at: '2026-01-02T03:04:05.000Z',
};
const cardTransaction = {
  transaction_id: 'txn-1',
  card_id: 'crd-1',
  account_id: ACCOUNT_ID,
  status: 'authorized',
  amount_usdt: '12.50',
  asset: 'USD',
  merchant: 'Coffee Shop',
  decline_reason: null,
  occurred_at: '2026-01-02T03:04:05.000Z',
};

const funds = {
  account_id: ACCOUNT_ID,
  operation_id: 'op-1',
  asset: 'USD',
  amount: '50.00',
  balance_after: '150.00',
  kind: 'payin',
  reference_id: 'payin-1',
};

const hold = {
  account_id: ACCOUNT_ID,
  operation_id: 'op-2',
  hold_id: 'payout-1',
  asset: 'USD',
  amount: '25.00',
  available_after: '75.00',
  held_after: '25.00',
  kind: 'payout',
  reference_id: 'payout-1',
};

const riskBatch = {
  batch_id: 'bat-1',
  account_id: ACCOUNT_ID,
  status: 'completed',
  total: 3,
  processed: 3,
  completed: 1,
  no_score: 1,
  consent_required: 0,
  invalid: 1,
  failed: 0,
  completed_at: '2025-01-02T03:04:05.000Z',
};

const swap = {
  account_id: ACCOUNT_ID,
  operation_id: 'op-3',
  from_asset: 'USD',
  from_amount: '100.00',
  from_balance_after: '0.00',
  to_asset: 'BTC',
  to_amount: '0.00153846',
  to_balance_after: '0.00153846',
  from_usd_per_unit: '1',
  to_usd_per_unit: '65000',
  usd_value: '100.00',
  executed_at: '2025-01-02T03:04:05.000Z',
  kind: 'swap',
  reference_id: 'op-3',
};

function payoutChange(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    payout_id: 'po-1',
    account_id: ACCOUNT_ID,
    country: 'BR',
    currency: 'BRL',
    local_amount: '54.00',
    usdt_amount: '10.000000',
    total_debit: '10.00',
    status: 'completed',
    status_code: 'completed',
    status_message: 'the payout was paid to the beneficiary',
    funds_debited: true,
    predebit_failure: false,
    compliance_pending: false,
    receipt_url: '/v1/payouts/po-1/receipt',
    settlement_asset: 'USD',
    idempotency_key: 'key-1',
    ...overrides,
  };
}

const payinCredited = {
  payin_id: 'payin-1',
  account_id: ACCOUNT_ID,
  country: 'MX',
  currency: 'MXN',
  local_amount: '1720.00',
  fx_rate: '17.2',
  usdt_credited: '100.00',
  fee: '0.00',
  idempotency_key: 'key-1',
};
const payinExpired = {
  payin_id: 'payin-2',
  account_id: ACCOUNT_ID,
  status: 'failed',
  country: 'US',
  currency: 'USD',
  local_amount: '20.99',
  reference: 'PIABCDEFGHJK',
  failure: { origin: 'provider', code: 'collection_declined', message: 'declined' },
};
const payinScheduled = {
  payin_id: 'payin-3',
  account_id: ACCOUNT_ID,
  status: 'credited',
  usdt_gross: '10.00',
  fee: '0.00',
  usdt_net: '10.00',
  settle_at: '2025-01-03T03:04:05.000Z',
  receipt_url: null,
};
const payinRefunded = {
  payin_id: 'payin-4',
  account_id: ACCOUNT_ID,
  debited_asset: 'USD',
  debited_amount: '5.00',
};
const PAYIN_SAMPLES = {
  'payins.payin_credited': {
    valid: payinCredited,
    invalid: [
      { ...payinCredited, usdt_credited: '0' },
      { ...payinCredited, credit_asset: 'EUR' },
    ],
  },
  'payins.payin_settlement_scheduled': {
    valid: payinScheduled,
    invalid: [
      { ...payinScheduled, status: 'pending' },
      { ...payinScheduled, settle_at: 'soon' },
    ],
  },
  'payins.payin_expired': {
    valid: payinExpired,
    invalid: [
      { ...payinExpired, status: 'credited' },
      { ...payinExpired, failure: { ...payinExpired.failure, origin: 'bank' } },
    ],
  },
  'payins.payin_refunded': {
    valid: payinRefunded,
    invalid: [
      { ...payinRefunded, debited_asset: 'EUR' },
      { ...payinRefunded, debited_amount: '0' },
    ],
  },
};

const VERIFICATION = {
  account_id: 'acc-1',
  kind: 'kyc',
  submission_id: 'sub-1',
  external_customer_id: 'acc-1',
};

const VERIFICATION_SAMPLES = {
  'compliance.verification_link_completed': {
    valid: { ...VERIFICATION, event: 'link_completed', link_id: 'lnk-1', status: 'pending' },
    invalid: [{ ...VERIFICATION, event: 'link_completed', link_id: 'lnk-1', status: 'done' }],
  },
  'compliance.verification_document_validated': {
    valid: {
      ...VERIFICATION,
      category: 'identity_document',
      outcome: 'passed',
      score: 0.98,
      summary: 'ok',
    },
    invalid: [
      {
        ...VERIFICATION,
        category: 'identity_document',
        outcome: 'passed',
        score: '1',
        summary: 'ok',
      },
    ],
  },
  'compliance.verification_liveness_completed': {
    valid: { ...VERIFICATION, outcome: 'passed', passed: true },
    invalid: [{ ...VERIFICATION, kind: 'aml', outcome: 'passed', passed: true }],
  },
  'compliance.verification_status_changed': {
    valid: {
      ...VERIFICATION,
      event: 'status_changed',
      status: 'approved',
      risk_band: 'low',
      decision: 'approve',
      self_onboarding: true,
    },
    invalid: [
      {
        ...VERIFICATION,
        event: 'status_changed',
        status: 'approved',
        risk_band: 'low',
        decision: 'maybe',
        self_onboarding: true,
      },
    ],
  },
};

const reviewChanged = {
  account_id: 'acc_1',
  review_id: 'rev_1',
  operation_kind: 'payout',
  operation_id: 'po_1',
  status: 'released',
};

const amlUpdated = {
  account_id: ACCOUNT_ID,
  screening_event: 'monitoring',
  customer_id: 'scr-1',
  data: {
    screening_id: 'scr-1',
    status: 'match',
    previous_status: 'clear',
    matches: [{ list: 'ofac_sdn', name: 'VOLKOV, Dmitri', score: 1, reasons: ['token_order'] }],
    updated_at: '2025-01-02T03:04:05.000Z',
  },
};

/** For each type: a valid payload and invalid variants, each wrong in one field. */
const cryptoDeposit = {
  deposit_id: 'dep-1',
  account_id: ACCOUNT_ID,
  chain: 'tron',
  asset: 'USDT',
  tx_id: 'ab'.repeat(32),
  amount: '25.5',
};

// segregated wallets on chain (issue 15, part S)
const walletMovement = {
  wallet_id: 'wal-1',
  account_id: ACCOUNT_ID,
  chain: 'tron',
  asset: 'USDT',
  tx_id: 'tx-1',
  amount_raw: '1500000',
};

// credit scoring (issue 16)
const riskSubjectFields = {
  subject_id: 'AR-20123456786',
  country: 'AR',
  doc_id: '20123456786',
  subject_type: 'person',
  purpose: 'credit_evaluation',
};
const riskReport = {
  report_id: 'rep-1',
  account_id: ACCOUNT_ID,
  ...riskSubjectFields,
  score: 712,
  band: 'B',
  evaluated_at: '2026-01-01T00:00:00.000Z',
};
const riskConsent = { consent_id: 'con-1', account_id: ACCOUNT_ID, ...riskSubjectFields };
// credit-scoring watch (issue 16)
const riskSubject = {
  subject_id: 'AR-20123456786',
  country: 'AR',
  doc_id: '20123456786',
  subject_type: 'person',
};
const scoreChange = {
  monitoring_id: 'mon-1',
  account_id: ACCOUNT_ID,
  ...riskSubject,
  previous_score: 710,
  score: 640,
  previous_band: 'B',
  band: 'C',
  evaluated_at: '2026-01-02T03:04:05.000Z',
};
const creditDispute = {
  kind: 'credit_report',
  dispute_id: 'dsp-1',
  account_id: ACCOUNT_ID,
  ...riskSubject,
  report_id: 'rep-1',
  factor_code: 'late_payments',
  status: 'resolved',
  previous_status: 'open',
  updated_at: '2026-01-02T03:04:05.000Z',
};

// banking (issue 17)
const bankOperation = {
  account_id: ACCOUNT_ID,
  customer_id: 'cus-1',
  operation_id: 'op-1',
  bank_account_id: 'ba-1',
  type: 'payment',
  status: 'completed',
  currency: 'USD',
  amount: '10.00',
};
const bankEntry = {
  entry_id: 'ent-1',
  account_id: ACCOUNT_ID,
  bank_account_id: 'ba-1',
  operation_id: 'op-1',
  currency: 'USD',
  change: '-10.50',
  booked_at: '2026-01-02T03:04:05.000Z',
};
// subscriptions and POS (issue 17)
const subscriptionStatus = {
  subscription_id: 'sub-1',
  account_id: ACCOUNT_ID,
  status: 'paused',
  next_charge_at: null,
};
const SUBSCRIPTION_SAMPLES = {
  'payins.subscription_created': {
    valid: {
      subscription_id: 'sub-1',
      account_id: ACCOUNT_ID,
      stored_card_id: 'card-1',
      amount: '9.90',
      currency: 'USD',
      interval: 'monthly',
      next_charge_at: '2026-01-31T12:00:00.000Z',
    },
    invalid: [
      {
        subscription_id: 'sub-1',
        account_id: ACCOUNT_ID,
        stored_card_id: 'card-1',
        amount: '9.90',
        currency: 'USD',
        interval: 'hourly',
        next_charge_at: '2026-01-31T12:00:00.000Z',
      },
    ],
  },
  'payins.subscription_paused': {
    valid: subscriptionStatus,
    invalid: [{ ...subscriptionStatus, status: 'cancelled' }],
  },
  'payins.subscription_resumed': {
    valid: { ...subscriptionStatus, status: 'active', next_charge_at: '2026-02-28T12:00:00.000Z' },
    invalid: [{ ...subscriptionStatus, next_charge_at: 'tomorrow' }],
  },
  'payins.subscription_canceled': {
    valid: { ...subscriptionStatus, status: 'canceled' },
    invalid: [{ ...subscriptionStatus, status: 'ended' }],
  },
  'payins.subscription_charged': {
    valid: { subscription_id: 'sub-1', account_id: ACCOUNT_ID, period_index: 0, payin_id: 'p-1' },
    invalid: [
      { subscription_id: 'sub-1', account_id: ACCOUNT_ID, period_index: -1, payin_id: 'p' },
    ],
  },
  'payins.subscription_charge_failed': {
    valid: {
      subscription_id: 'sub-1',
      account_id: ACCOUNT_ID,
      period_index: 2,
      reason: 'stored_card_revoked',
    },
    invalid: [{ subscription_id: 'sub-1', account_id: ACCOUNT_ID, period_index: 2, reason: '' }],
  },
  'payins.pos_charge_recorded': {
    valid: {
      charge_id: 'pos-1',
      account_id: ACCOUNT_ID,
      terminal_id: 'T-1',
      currency: 'USD',
      amount: '12.50',
      status: 'received',
    },
    invalid: [
      {
        charge_id: 'pos-1',
        account_id: ACCOUNT_ID,
        terminal_id: 'T-1',
        currency: 'USD',
        amount: '12.50',
        status: 'refunded',
      },
    ],
  },
  'payins.pos_charge_refunded': {
    valid: {
      charge_id: 'pos-1',
      account_id: ACCOUNT_ID,
      currency: 'USD',
      amount: '2.50',
      refunded_total: '2.50',
    },
    invalid: [
      {
        charge_id: 'pos-1',
        account_id: ACCOUNT_ID,
        currency: 'USD',
        amount: '-2',
        refunded_total: '2',
      },
    ],
  },
};

const samples: Record<
  EventType,
  { valid: Record<string, unknown>; invalid: Record<string, unknown>[] }
> = {
  'identity.organization_created': {
    valid: {
      org_id: ORG_ID,
      slug: 'demo',
      name: 'Demo',
      timezone: 'America/New_York',
      locale: 'en',
    },
    invalid: [
      {
        org_id: ORG_ID,
        slug: 'Demo Org',
        name: 'Demo',
        timezone: 'America/New_York',
        locale: 'en',
      },
      { org_id: ORG_ID, slug: 'demo', name: 'Demo', timezone: 'Mars/Olympus', locale: 'en' },
      { org_id: ORG_ID, slug: 'demo', name: 'Demo', timezone: 'America/New_York' },
    ],
  },
  'identity.account_registered': {
    valid: { account_id: ACCOUNT_ID, org_id: ORG_ID, type: 'company', email: 'ana@example.com' },
    invalid: [
      { account_id: ACCOUNT_ID, org_id: ORG_ID, type: 'robot', email: 'ana@example.com' },
      { account_id: ACCOUNT_ID, org_id: ORG_ID, type: 'person', email: 'not-an-email' },
      { account_id: '', org_id: ORG_ID, type: 'person', email: 'ana@example.com' },
    ],
  },
  'identity.announcement_delivered': {
    valid: {
      broadcast_id: 'b1f0c6a4-6c1e-4c7e-9d7e-0c6f1b2a3d44',
      account_id: ACCOUNT_ID,
      org_id: ORG_ID,
      locale: 'es',
      subject: 'Mantenimiento programado',
      body: 'El sábado el servicio se detiene de 2 a 3.',
    },
    invalid: [
      {
        broadcast_id: 'b1',
        account_id: ACCOUNT_ID,
        org_id: ORG_ID,
        locale: 'es',
        subject: '',
        body: 'x',
      },
    ],
  },
  'identity.account_confirmed': {
    valid: { account_id: ACCOUNT_ID, org_id: ORG_ID, kyc_status: 'approved' },
    invalid: [
      { account_id: ACCOUNT_ID, org_id: ORG_ID, kyc_status: 'maybe' },
      { account_id: ACCOUNT_ID, kyc_status: 'none' },
    ],
  },
  'ledger.funds_credited': {
    valid: funds,
    invalid: [
      { ...funds, amount: 50 },
      { ...funds, amount: '0.00' },
      { ...funds, amount: '-5.00' },
      { ...funds, amount: '1e3' },
      { ...funds, asset: 'EUR' },
      { ...funds, balance_after: '-1.00' },
    ],
  },
  'ledger.funds_debited': {
    valid: { ...funds, asset: 'BTC', amount: '0.00010000', balance_after: '0' },
    invalid: [
      { ...funds, reference_id: undefined },
      { ...funds, kind: '' },
      { ...funds, amount: ' 5.00' },
    ],
  },
  'ledger.hold_placed': {
    valid: hold,
    invalid: [
      { ...hold, hold_id: '' },
      { ...hold, held_after: '-1.00' },
    ],
  },
  'ledger.hold_posted': {
    valid: { ...hold, held_after: '0.00' },
    invalid: [{ ...hold, available_after: undefined }],
  },
  'ledger.hold_released': {
    valid: { ...hold, available_after: '100.00', held_after: '0.00' },
    invalid: [{ ...hold, amount: '0' }],
  },
  'ledger.assets_swapped': {
    valid: swap,
    invalid: [
      { ...swap, to_amount: '0.00000000' },
      { ...swap, from_asset: 'EUR' },
      { ...swap, to_usd_per_unit: '0' },
      { ...swap, executed_at: 'yesterday' },
      { ...swap, to_balance_after: '-1' },
    ],
  },
  'ledger.transfer_received': {
    valid: {
      transfer_id: 'tr-1',
      from_account_id: 'acc-1',
      to_account_id: 'acc-2',
      asset: 'USD',
      amount: '10.00',
      description: '',
      created_at: '2025-01-02T03:04:05.000Z',
    },
    invalid: [
      {
        transfer_id: 'tr-1',
        from_account_id: 'acc-1',
        to_account_id: 'acc-2',
        asset: 'USD',
        amount: '0',
        description: '',
        created_at: '2025-01-02T03:04:05.000Z',
      },
    ],
  },
  'payouts.payout_status_changed': {
    valid: payoutChange(),
    invalid: [payoutChange({ status: 'lost' }), payoutChange({ local_amount: '-1' })],
  },
  ...PAYIN_SAMPLES,
  ...VERIFICATION_SAMPLES,
  'compliance.aml_screening_updated': {
    valid: amlUpdated,
    invalid: [
      { ...amlUpdated, screening_event: 'created' },
      { ...amlUpdated, data: { ...amlUpdated.data, status: 'blocked' } },
    ],
  },
  'compliance.review_status_changed': {
    valid: reviewChanged,
    invalid: [
      { ...reviewChanged, status: 'approved' },
      { ...reviewChanged, operation_kind: 'payin' },
    ],
  },
  'compliance.dispute_status_changed': {
    valid: {
      dispute_id: 'dsp-1',
      payin_id: 'pin-1',
      account_id: 'acc-1',
      status: 'needs_response',
      amount: '25.55',
      currency: 'USD',
    },
    invalid: [
      {
        dispute_id: 'dsp-1',
        payin_id: 'pin-1',
        account_id: 'acc-1',
        status: 'open',
        amount: '25.55',
        currency: 'USD',
      },
    ],
  },
  // crypto withdrawals (issue 15)
  'crypto-wallets.withdrawal_status_changed': {
    valid: {
      withdrawal_id: 'wdr-1',
      account_id: 'acc-1',
      chain: 'tron',
      asset: 'USDT',
      tx_id: null,
      status: 'pending',
      amount: '25.000000',
      fee: '1.000000',
      idempotency_key: 'key-1',
    },
    invalid: [
      {
        withdrawal_id: 'wdr-1',
        account_id: 'acc-1',
        chain: 'sol',
        asset: 'USDT',
        tx_id: null,
        status: 'pending',
        amount: '25.000000',
        fee: '1.000000',
      },
      {
        withdrawal_id: 'wdr-1',
        account_id: 'acc-1',
        chain: 'tron',
        asset: 'USDT',
        tx_id: 'abc',
        status: 'sent',
        amount: '25.000000',
        fee: '1.000000',
      },
    ],
  },
  'crypto-wallets.wallet_linked': {
    valid: {
      link_id: 'lnk-1',
      account_id: 'acc-1',
      chain: 'eth',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      linked_at: '2025-01-02T03:04:05.000Z',
    },
    invalid: [
      {
        link_id: 'lnk-1',
        account_id: 'acc-1',
        chain: 'btc',
        address: 'tb1qexample',
        linked_at: '2025-01-02T03:04:05.000Z',
      },
    ],
  },
  // crypto deposits (issue 15)
  'crypto-wallets.deposit_credited': {
    valid: { ...cryptoDeposit, fee: '0', risk: 'low' },
    invalid: [
      { ...cryptoDeposit, fee: '0', risk: 'none' },
      { ...cryptoDeposit, chain: 'sol', fee: '0', risk: 'low' },
    ],
  },
  'crypto-wallets.deposit_quarantined': {
    valid: { ...cryptoDeposit, hold_id: 'crypto-deposit:dep-1', risk: 'severe', status: 'held' },
    invalid: [{ ...cryptoDeposit, hold_id: 'h-1', risk: 'severe', status: 'credited' }],
  },
  'crypto-wallets.deposit_flagged': {
    valid: { ...cryptoDeposit, risk: 'high', status: 'credited' },
    invalid: [{ ...cryptoDeposit, amount: '-1', risk: 'high', status: 'credited' }],
  },
  'crypto-wallets.wallet_key_exported': {
    valid: {
      wallet_id: 'wal-1',
      account_id: 'acc-1',
      chain: 'tron',
      asset: 'USDT',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    },
    invalid: [
      {
        wallet_id: 'wal-1',
        account_id: 'acc-1',
        chain: 'tron',
        asset: 'USDT',
        address: '',
      },
    ],
  },
  'crypto-wallets.wallet_signature_created': {
    valid: {
      proof_id: 'prf-1',
      proof_code: 'ABCD2345',
      wallet_id: 'wal-1',
      account_id: 'acc-1',
      chain: 'eth',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      purpose: 'proof_of_reserves',
      status: 'signed',
      created_at: '2025-01-02T03:04:05.000Z',
    },
    invalid: [
      {
        proof_id: 'prf-1',
        proof_code: 'ABCD2345',
        wallet_id: 'wal-1',
        account_id: 'acc-1',
        chain: 'eth',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        purpose: 'proof_of_reserves',
        status: 'revoked',
        created_at: '2025-01-02T03:04:05.000Z',
      },
    ],
  },
  // segregated wallets on chain (issue 15, part S)
  'crypto-wallets.wallet_deposit_received': {
    valid: { ...walletMovement, from_address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT' },
    invalid: [{ ...walletMovement, amount_raw: '1.5', from_address: 'T' }],
  },
  'crypto-wallets.wallet_send_status_changed': {
    valid: { ...walletMovement, send_id: 'snd-1', status: 'completed', idempotency_key: 'k-1' },
    invalid: [{ ...walletMovement, send_id: 'snd-1', status: 'done' }],
  },
  'crypto-wallets.wallet_external_movement_observed': {
    valid: { ...walletMovement, direction: 'in', custody: 'client' },
    invalid: [{ ...walletMovement, direction: 'sideways', custody: 'client' }],
  },
  'crypto-wallets.wallet_key_compromise_suspected': {
    valid: { ...walletMovement, direction: 'out', custody: 'platform' },
    invalid: [{ ...walletMovement, chain: 'btc', direction: 'out', custody: 'platform' }],
  },
  // credit scoring (issue 16)
  'risk-scoring.report_created': {
    valid: { ...riskReport },
    invalid: [
      { ...riskReport, score: 900 },
      { ...riskReport, band: 'F' },
    ],
  },
  'risk-scoring.consent_granted': {
    valid: { ...riskConsent, status: 'granted', previous_status: 'pending', revoked_at: null },
    invalid: [{ ...riskConsent, status: 'approved', previous_status: 'pending', revoked_at: null }],
  },
  'risk-scoring.consent_revoked': {
    valid: {
      ...riskConsent,
      status: 'revoked',
      previous_status: 'pending',
      revoked_at: '2026-01-02T00:00:00.000Z',
    },
    invalid: [
      {
        ...riskConsent,
        subject_type: 'robot',
        status: 'revoked',
        revoked_at: '2026-01-02T00:00:00.000Z',
      },
    ],
  },
  // credit-scoring batches (issue 16)
  'risk-scoring.batch_completed': {
    valid: riskBatch,
    invalid: [
      { ...riskBatch, status: 'processing' },
      { ...riskBatch, processed: -1 },
    ],
  },
  // credit-scoring watch: monitoring, disputes, fraud (issue 16)
  'risk-scoring.score_changed': {
    valid: scoreChange,
    invalid: [
      { ...scoreChange, score: 900 },
      { ...scoreChange, band: 'F' },
    ],
  },
  'risk-scoring.monitoring_alert_raised': {
    valid: { ...scoreChange, alert: 'band_changed', direction: 'worsened' },
    invalid: [{ ...scoreChange, alert: 'band_changed', direction: 'sideways' }],
  },
  'risk-scoring.fraud_score_computed': {
    valid: {
      fraud_report_id: 'frd-1',
      account_id: ACCOUNT_ID,
      ...riskSubject,
      fraud_score: 72,
      level: 'high',
      reasons: ['document_reuse', 'velocity'],
      created_at: '2026-01-02T03:04:05.000Z',
    },
    invalid: [
      {
        fraud_report_id: 'frd-1',
        account_id: ACCOUNT_ID,
        ...riskSubject,
        fraud_score: 101,
        level: 'high',
        reasons: [],
        created_at: '2026-01-02T03:04:05.000Z',
      },
    ],
  },
  'risk-scoring.credit_dispute_status_changed': {
    valid: creditDispute,
    invalid: [
      { ...creditDispute, kind: 'payment' },
      { ...creditDispute, status: 'won' },
    ],
  },
  // cards (issue 17)
  'cards.card_issued': {
    valid: cardIssued,
    invalid: [
      { ...cardIssued, last4: '12345' },
      { ...cardIssued, type: 'metal' },
    ],
  },
  'cards.card_status_changed': {
    valid: cardStatus,
    invalid: [
      { ...cardStatus, status: 'blocked' },
      { ...cardStatus, reason: 'bored' },
    ],
  },
  'cards.card_transaction_authorized': {
    valid: cardTransaction,
    invalid: [{ ...cardTransaction, amount_usdt: 12.5 }],
  },
  'cards.card_transaction_declined': {
    valid: { ...cardTransaction, status: 'declined', decline_reason: 'insufficient_funds' },
    invalid: [{ ...cardTransaction, status: 'declined', decline_reason: 'no_reason' }],
  },
  'cards.card_transaction_reversed': {
    valid: { ...cardTransaction, status: 'reversed' },
    invalid: [{ ...cardTransaction, status: 'refunded' }],
  },
  'cards.card_transaction_adjusted': {
    valid: { ...cardTransaction, status: 'adjusted', amount_usdt: '9.50' },
    invalid: [{ ...cardTransaction, status: 'adjusted', amount_usdt: '-1' }],
  },
  // banking (issue 17)
  'banking.customer_status_changed': {
    valid: { account_id: ACCOUNT_ID, customer_id: 'cus-1', kyc_status: 'approved' },
    invalid: [{ account_id: ACCOUNT_ID, customer_id: 'cus-1', kyc_status: 'done' }],
  },
  'banking.operation_status_changed': {
    valid: bankOperation,
    invalid: [
      { ...bankOperation, status: 'pending' },
      { ...bankOperation, amount: '-1.00' },
    ],
  },
  'banking.virtual_iban_inbound_received': {
    valid: {
      operation_id: 'op-1',
      account_id: ACCOUNT_ID,
      bank_account_id: 'ba-1',
      amount: '10.00',
      currency: 'EUR',
    },
    invalid: [
      {
        operation_id: 'op-1',
        account_id: ACCOUNT_ID,
        bank_account_id: 'ba-1',
        amount: '10.00',
        currency: 'GBP',
      },
    ],
  },
  'banking.balance_changed': {
    valid: bankEntry,
    invalid: [
      { ...bankEntry, change: '1e3' },
      { ...bankEntry, currency: 'ARS' },
    ],
  },
  // subscriptions and POS (issue 17)
  ...SUBSCRIPTION_SAMPLES,
  // contracts and signatures (issue 18)
  'compliance.contract_signed': {
    valid: {
      envelope_id: 'env-1',
      account_id: ACCOUNT_ID,
      template_id: 'tpl-1',
      template_name: 'services-agreement',
      template_version: 2,
      code: 'CTR-7K3M9Q2X',
      sha256: 'a'.repeat(64),
      signed_at: '2026-11-25T13:00:00.000Z',
    },
    invalid: [
      {
        envelope_id: 'env-1',
        account_id: ACCOUNT_ID,
        template_id: 'tpl-1',
        template_name: 'services-agreement',
        template_version: 0,
        code: 'CTR-7K3M9Q2X',
        sha256: 'not-a-hash',
        signed_at: '2026-11-25T13:00:00.000Z',
      },
    ],
  },
};

describe('event names', () => {
  it.each(EVENT_TYPES)('%s follows <service>.<noun>_<verbed>', (type) => {
    expect(type).toMatch(EVENT_NAME);
  });

  it('registers a positive integer version for every type', () => {
    for (const type of EVENT_TYPES)
      expect(Number.isInteger(EVENT_SCHEMAS[type].version) && EVENT_SCHEMAS[type].version > 0).toBe(
        true,
      );
  });

  it('knows exactly the registered types', () => {
    expect(isEventType('ledger.funds_debited')).toBe(true);
    expect(isEventType('ledger.funds_moved')).toBe(false);
    expect(isEventType('constructor')).toBe(false);
  });
});

describe.each(EVENT_TYPES)('parseEventData(%s)', (type) => {
  it('accepts a valid payload and returns its fields', () => {
    expect(parseEventData(type, samples[type].valid)).toEqual(samples[type].valid);
  });

  it('drops fields it does not know, so an extended producer stays readable', () => {
    expect(parseEventData(type, { ...samples[type].valid, added_later: 'x' })).toEqual(
      samples[type].valid,
    );
  });

  it.each(samples[type].invalid.map((payload) => [JSON.stringify(payload), payload] as const))(
    'rejects %s',
    (_label, payload) => {
      expect(() => parseEventData(type, payload)).toThrow(InvalidEventDataError);
    },
  );

  it('rejects a payload that is not an object', () => {
    expect(() => parseEventData(type, null)).toThrow(InvalidEventDataError);
  });
});

describe('parseEventEnvelope', () => {
  const envelope = {
    event_id: 'c7a8f2de-2d7e-4c59-9a39-0e3f7a61b8f4',
    type: 'ledger.funds_credited',
    version: 1,
    stream: `ledger-${ACCOUNT_ID}-USD`,
    position: '42',
    occurred_at: '2025-01-02T03:04:05.000Z',
    org_id: ORG_ID,
    account_id: ACCOUNT_ID,
    environment: 'test',
    correlation_id: null,
    causation_id: null,
    data: funds,
  };

  it('returns the envelope with data typed by its type', () => {
    const parsed = parseEventEnvelope(envelope);
    expect(parsed.type).toBe('ledger.funds_credited');
    if (parsed.type !== 'ledger.funds_credited') throw new Error('narrowing failed');
    expect(parsed.data.amount).toBe('50.00');
  });

  it.each([
    ['an unknown type', { ...envelope, type: 'ledger.funds_moved' }],
    ['another version', { ...envelope, version: 2 }],
    ['data of another shape', { ...envelope, data: { ...funds, asset: 'DOGE' } }],
    ['a broken envelope', { ...envelope, position: 'first' }],
  ])('rejects %s', (_label, raw) => {
    expect(() => parseEventEnvelope(raw)).toThrow(InvalidEventDataError);
  });
});
