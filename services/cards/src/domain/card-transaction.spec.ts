import { DomainError } from '@platform/contracts';
import { decideFollowUp, declineReasonOf, parseTransactionKind } from './card-transaction';

const codeOf = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('card transactions', () => {
  it('lets only an active card spend', () => {
    expect(declineReasonOf('active')).toBeNull();
    expect(declineReasonOf('frozen')).toBe('card_frozen');
    expect(declineReasonOf('cancelled')).toBe('card_cancelled');
    expect(declineReasonOf('pending_activation')).toBe('card_not_active');
  });

  it('reads the kinds', () => {
    expect(parseTransactionKind('reversal')).toBe('reversal');
    expect(codeOf(() => parseTransactionKind('refund'))).toBe('invalid_request');
  });

  it('ends an authorization once and replays the same ending', () => {
    expect(decideFollowUp('reversal', { status: 'authorized', amount_matches: false })).toEqual({
      type: 'apply',
    });
    expect(decideFollowUp('reversal', { status: 'reversed', amount_matches: false })).toEqual({
      type: 'replay',
    });
    expect(decideFollowUp('adjustment', { status: 'adjusted', amount_matches: true })).toEqual({
      type: 'replay',
    });
    expect(
      codeOf(() => decideFollowUp('adjustment', { status: 'adjusted', amount_matches: false })),
    ).toBe('idempotency_conflict');
    expect(
      codeOf(() => decideFollowUp('adjustment', { status: 'reversed', amount_matches: true })),
    ).toBe('invalid_request');
    expect(
      codeOf(() => decideFollowUp('reversal', { status: 'declined', amount_matches: true })),
    ).toBe('invalid_request');
  });
});
