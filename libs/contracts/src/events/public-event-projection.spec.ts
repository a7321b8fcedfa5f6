import { projectPublicEvent, redactForAccount } from './public-event-projection';

const payout = {
  payout_id: 'p-1',
  account_id: 'a-1',
  country: 'MX',
  currency: 'MXN',
  local_amount: '100.00',
  usdt_amount: '5.500000',
  total_debit: '5.50',
  status: 'completed',
  status_code: 'completed',
  status_message: 'paid',
  funds_debited: true,
  predebit_failure: false,
  compliance_pending: false,
  receipt_url: null,
  settlement_asset: 'USD',
};

describe('public event projection (events contract, spec section 6)', () => {
  it('maps a payout status change with every field and the client idempotency key', () => {
    const projected = projectPublicEvent('payouts.payout_status_changed', {
      ...payout,
      idempotency_key: 'client-key-1',
      internal_operation_id: 'op-9',
    });
    expect(projected).toEqual({
      type: 'payout_status_changed',
      data: { ...payout, idempotency_key: 'client-key-1' },
    });
  });

  it('omits an empty idempotency key', () => {
    const projected = projectPublicEvent('payins.payin_refunded', {
      payin_id: 'pi-1',
      account_id: 'a-1',
      debited_asset: 'USD',
      debited_amount: '3.00',
      idempotency_key: '',
    });
    expect(projected?.data).toEqual({
      payin_id: 'pi-1',
      account_id: 'a-1',
      debited_asset: 'USD',
      debited_amount: '3.00',
    });
  });

  it('never gives transfer_received an idempotency key', () => {
    const projected = projectPublicEvent('ledger.transfer_received', {
      transfer_id: 't-1',
      from_account_id: 'a-1',
      to_account_id: 'a-2',
      asset: 'USD',
      amount: '1.00',
      description: '',
      created_at: '2026-01-01T00:00:00.000Z',
      idempotency_key: 'k',
    });
    expect(projected?.type).toBe('transfer_received');
    expect(projected?.data).not.toHaveProperty('idempotency_key');
  });

  it('keeps the local-fiat fields of payin_credited', () => {
    const projected = projectPublicEvent('payins.payin_credited', {
      payin_id: 'pi-2',
      account_id: 'a-1',
      country: 'BO',
      currency: 'BOB',
      local_amount: '70.00',
      fx_rate: '6.96',
      usdt_credited: '10.00',
      fee: '0.00',
      credit_asset: 'BOB',
      fiat_credited: '70.00',
      payer_tax_id: '30-50001091-2',
    });
    expect(projected?.data).toMatchObject({ credit_asset: 'BOB', fiat_credited: '70.00' });
    // The payer's tax id is for risk-scoring's history only: no client sees it in an event.
    expect(projected?.data).not.toHaveProperty('payer_tax_id');
  });

  // crypto withdrawals (issue 15)
  it('maps a crypto withdrawal status change without its fee, with the client key', () => {
    const projected = projectPublicEvent('crypto-wallets.withdrawal_status_changed', {
      withdrawal_id: 'w-1',
      account_id: 'a-1',
      chain: 'tron',
      asset: 'USDT',
      tx_id: null,
      status: 'failed',
      amount: '3.990000',
      fee: '1.000000',
      idempotency_key: 'client-key-2',
    });
    expect(projected).toEqual({
      type: 'crypto_withdrawal_status_changed',
      data: {
        withdrawal_id: 'w-1',
        account_id: 'a-1',
        chain: 'tron',
        asset: 'USDT',
        tx_id: null,
        status: 'failed',
        amount: '3.990000',
        idempotency_key: 'client-key-2',
      },
    });
  });

  it('ignores domain events that have no public counterpart', () => {
    expect(projectPublicEvent('ledger.funds_credited', { account_id: 'a' })).toBeNull();
    expect(projectPublicEvent('payouts.payout_status_changed', null)).toBeNull();
  });

  it('redacts ip and user_agent at any depth', () => {
    expect(
      redactForAccount({ ip: '1.2.3.4', a: { user_agent: 'x', b: [{ ip: '5.6.7.8', c: 1 }] } }),
    ).toEqual({ a: { b: [{ c: 1 }] } });
  });
});

describe('identity verification events (spec section 6)', () => {
  const base = {
    account_id: 'acc-1',
    kind: 'kyc',
    submission_id: 'sub-1',
    external_customer_id: 'acc-1',
  };

  it('names the public event after the kind: kyc_* for persons, kyb_* for companies', () => {
    const changed = {
      ...base,
      event: 'status_changed',
      status: 'approved',
      risk_band: 'low',
      decision: 'approve',
      self_onboarding: true,
      pending_documents: [],
      documents_received: 2,
    };
    expect(projectPublicEvent('compliance.verification_status_changed', changed)).toEqual({
      type: 'kyc_verification_status_changed',
      data: changed,
    });
    expect(
      projectPublicEvent('compliance.verification_link_completed', {
        ...base,
        kind: 'kyb',
        event: 'link_completed',
        link_id: 'lnk-1',
        status: 'pending',
      })?.type,
    ).toBe('kyb_link_completed');
    expect(
      projectPublicEvent('compliance.verification_document_validated', {
        ...base,
        kind: 'kyb',
        category: 'company_registration',
        outcome: 'passed',
        score: 1,
        summary: 'ok',
      })?.type,
    ).toBe('kyb_document_validated');
  });

  it('keeps only the catalog fields of a liveness event', () => {
    expect(
      projectPublicEvent('compliance.verification_liveness_completed', {
        ...base,
        outcome: 'passed',
        passed: true,
        selfie_key: 'internal',
      }),
    ).toEqual({
      type: 'kyc_liveness_completed',
      data: { ...base, outcome: 'passed', passed: true },
    });
  });
});

// credit-scoring watch (issue 16)
describe('credit-scoring watch events', () => {
  const subject = {
    subject_id: 'AR-20123456786',
    country: 'AR',
    doc_id: '20123456786',
    subject_type: 'person',
  };
  const change = {
    monitoring_id: 'mon-1',
    account_id: 'a-1',
    ...subject,
    previous_score: 710,
    score: 640,
    previous_band: 'B',
    band: 'C',
    evaluated_at: '2026-01-02T03:04:05.000Z',
  };

  it('maps a score change and its band alert to risk_score_changed and risk_monitoring_alert', () => {
    expect(projectPublicEvent('risk-scoring.score_changed', change)).toEqual({
      type: 'risk_score_changed',
      data: change,
    });
    const alert = { ...change, alert: 'band_changed', direction: 'worsened' };
    expect(projectPublicEvent('risk-scoring.monitoring_alert_raised', alert)).toEqual({
      type: 'risk_monitoring_alert',
      data: alert,
    });
  });

  it('shares dispute_status_changed with payment disputes, told apart by kind', () => {
    const dispute = {
      kind: 'credit_report',
      dispute_id: 'd-1',
      account_id: 'a-1',
      ...subject,
      report_id: 'r-1',
      factor_code: 'late_payments',
      status: 'resolved',
      previous_status: 'open',
      updated_at: '2026-01-02T03:04:05.000Z',
    };
    expect(projectPublicEvent('risk-scoring.credit_dispute_status_changed', dispute)).toEqual({
      type: 'dispute_status_changed',
      data: dispute,
    });
  });

  it('gives risk_fraud_score_ready the client key', () => {
    const projected = projectPublicEvent('risk-scoring.fraud_score_computed', {
      fraud_report_id: 'f-1',
      account_id: 'a-1',
      ...subject,
      fraud_score: 45,
      level: 'medium',
      reasons: ['device_mismatch'],
      created_at: '2026-01-02T03:04:05.000Z',
      idempotency_key: 'k-1',
    });
    expect(projected?.type).toBe('risk_fraud_score_ready');
    expect(projected?.data).toMatchObject({ fraud_score: 45, idempotency_key: 'k-1' });
  });
});

describe('organization announcements', () => {
  it("gives admin_announcement the account's copy only: id, subject and body", () => {
    const delivered = {
      broadcast_id: 'b1f0c6a4-6c1e-4c7e-9d7e-0c6f1b2a3d44',
      account_id: 'acc-1',
      org_id: 'org-1',
      locale: 'es',
      subject: 'Mantenimiento',
      body: 'El sábado de 2 a 3.',
    };
    expect(projectPublicEvent('identity.announcement_delivered', delivered)).toEqual({
      type: 'admin_announcement',
      data: {
        broadcast_id: delivered.broadcast_id,
        subject: 'Mantenimiento',
        body: 'El sábado de 2 a 3.',
      },
    });
  });
});

// cards (issue 17)
describe('card events', () => {
  const card = { account_id: 'acc-1', card_id: 'crd-1' };

  it('maps a status change to card_status_changed with its reason only', () => {
    expect(
      projectPublicEvent('cards.card_status_changed', {
        ...card,
        status: 'frozen',
        previous_status: 'active',
        reason: 'monthly_fee_unpaid',
        changed_at: '2026-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      type: 'card_status_changed',
      data: { ...card, status: 'frozen', reason: 'monthly_fee_unpaid' },
    });
  });

  it.each([
    'cards.card_transaction_authorized',
    'cards.card_transaction_declined',
    'cards.card_transaction_reversed',
    'cards.card_transaction_adjusted',
  ])('maps %s to card_transaction without internal fields', (type) => {
    expect(
      projectPublicEvent(type, {
        ...card,
        transaction_id: 'txn-1',
        status: 'authorized',
        amount_usdt: '12.50',
        asset: 'USD',
        merchant: 'Coffee',
        decline_reason: null,
        occurred_at: '2026-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      type: 'card_transaction',
      data: {
        ...card,
        transaction_id: 'txn-1',
        status: 'authorized',
        amount_usdt: '12.50',
        merchant: 'Coffee',
      },
    });
  });
});

// banking (issue 17)
describe('banking public events', () => {
  it('maps the customer, operation and inbound events to their public names and fields', () => {
    expect(
      projectPublicEvent('banking.customer_status_changed', {
        account_id: 'a-1',
        customer_id: 'c-1',
        kyc_status: 'approved',
      }),
    ).toEqual({
      type: 'banking_customer_status_changed',
      data: { account_id: 'a-1', customer_id: 'c-1', kyc_status: 'approved' },
    });
    expect(
      projectPublicEvent('banking.operation_status_changed', {
        account_id: 'a-1',
        customer_id: 'c-1',
        operation_id: 'o-1',
        bank_account_id: 'b-1',
        type: 'payment',
        status: 'failed',
        currency: 'USD',
        amount: '10.99',
        idempotency_key: 'k-1',
      }),
    ).toEqual({
      type: 'banking_operation_status_changed',
      data: {
        account_id: 'a-1',
        customer_id: 'c-1',
        operation_id: 'o-1',
        type: 'payment',
        status: 'failed',
      },
    });
    const inbound = {
      operation_id: 'o-2',
      account_id: 'a-1',
      bank_account_id: 'b-2',
      amount: '25.00',
      currency: 'EUR',
    };
    expect(projectPublicEvent('banking.virtual_iban_inbound_received', inbound)).toEqual({
      type: 'banking_virtual_iban_inbound',
      data: inbound,
    });
  });

  it('keeps the internal balance entries out of webhooks and the stream', () => {
    expect(projectPublicEvent('banking.balance_changed', { account_id: 'a-1' })).toBeNull();
  });
});
