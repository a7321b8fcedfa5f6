import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import {
  assertManuallyConfirmed,
  checkDecision,
  checkReceipt,
  type PayinConfirmation,
} from './manual-confirmation';
import type { Payin } from './payin';

const payin = {
  payin_id: '00000000-0000-4000-8000-000000000001',
  account_id: '00000000-0000-4000-8000-0000000000aa',
  kind: 'payin',
  method: 'bank_transfer',
  status: 'pending',
  country: 'EC',
  currency: 'USD',
  local_amount: '150.00',
} as Payin;

const recorded: PayinConfirmation = {
  payin_id: payin.payin_id,
  account_id: payin.account_id,
  received_by: 'first',
  received_amount: '150',
  bank_reference: 'REF-1',
  received_at: new Date(0),
  decision: null,
  decided_by: null,
  decided_at: null,
};

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'unexpected';
  }
}

describe('manual confirmation rules', () => {
  const receipt = { amount: Money.parse('USD', '150'), bank_reference: 'REF-1', account_id: null };

  it('takes only EC/USD bank transfers', () => {
    expect(codeOf(() => assertManuallyConfirmed(payin))).toBeNull();
    expect(codeOf(() => assertManuallyConfirmed({ ...payin, country: 'US' }))).toBe(
      'method_unavailable',
    );
  });

  it('records a first receipt, replays the same one and refuses a different one', () => {
    expect(checkReceipt(payin, receipt, null)).toBe('record');
    expect(checkReceipt(payin, receipt, recorded)).toBe('replay');
    expect(codeOf(() => checkReceipt(payin, { ...receipt, bank_reference: 'X' }, recorded))).toBe(
      'confirm_request_conflict',
    );
    expect(
      codeOf(() => checkReceipt(payin, { ...receipt, amount: Money.parse('USD', '149') }, null)),
    ).toBe('confirm_account_mismatch');
    expect(codeOf(() => checkReceipt(payin, { ...receipt, account_id: 'other' }, null))).toBe(
      'confirm_account_mismatch',
    );
  });

  it('needs a receipt and a second person to decide', () => {
    expect(codeOf(() => checkDecision(payin, null, 'second', 'approved'))).toBe(
      'confirm_request_conflict',
    );
    expect(codeOf(() => checkDecision(payin, recorded, 'first', 'approved'))).toBe(
      'confirm_request_conflict',
    );
    expect(checkDecision(payin, recorded, 'second', 'approved')).toBe('decide');
    const approved = { ...recorded, decision: 'approved' as const, decided_by: 'second' };
    expect(checkDecision(payin, approved, 'second', 'approved')).toBe('replay');
    expect(codeOf(() => checkDecision(payin, approved, 'second', 'cancelled'))).toBe(
      'confirm_request_conflict',
    );
  });
});
