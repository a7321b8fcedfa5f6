import { DomainError, type IssueCardCommand } from '@platform/contracts';
import { decide, evolve, initialCardState, type CardCommand, type CardState } from './card';
import { fingerprintOf, readCardRequest } from './card-request';

const codeOf = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

const run = (state: CardState, command: CardCommand): CardState =>
  decide(command, state).reduce(evolve, state);

describe('card state machine', () => {
  it('starts a virtual card active and a physical one pending activation', () => {
    expect(initialCardState('virtual')).toEqual({ status: 'active', reason: null });
    expect(initialCardState('physical')).toEqual({ status: 'pending_activation', reason: null });
  });

  it('activates only a card pending activation', () => {
    const pending = initialCardState('physical');
    expect(run(pending, { type: 'activate' })).toEqual({ status: 'active', reason: null });
    expect(codeOf(() => decide({ type: 'activate' }, initialCardState('virtual')))).toBe(
      'card_not_pending',
    );
    expect(codeOf(() => decide({ type: 'freeze', reason: 'user_requested' }, pending))).toBe(
      'card_not_pending',
    );
  });

  it('freezes with its reason, unfreezes, and repeats the current state without an event', () => {
    const active = initialCardState('virtual');
    const frozen = run(active, { type: 'freeze', reason: 'monthly_fee_unpaid' });
    expect(frozen).toEqual({ status: 'frozen', reason: 'monthly_fee_unpaid' });
    expect(decide({ type: 'freeze', reason: 'user_requested' }, frozen)).toEqual([]);
    expect(decide({ type: 'unfreeze' }, active)).toEqual([]);
    expect(decide({ type: 'unfreeze' }, frozen)).toEqual([
      {
        type: 'card_status_changed',
        status: 'active',
        previous_status: 'frozen',
        reason: 'user_requested',
      },
    ]);
    expect(run(frozen, { type: 'unfreeze' })).toEqual({ status: 'active', reason: null });
  });

  it('refuses every command once cancelled', () => {
    const cancelled = run(initialCardState('virtual'), { type: 'cancel' });
    expect(cancelled.status).toBe('cancelled');
    const commands: CardCommand[] = [
      { type: 'activate' },
      { type: 'freeze', reason: 'user_requested' },
      { type: 'unfreeze' },
      { type: 'cancel' },
    ];
    for (const command of commands)
      expect(codeOf(() => decide(command, cancelled))).toBe('card_cancelled');
  });
});

describe('card request', () => {
  const command: IssueCardCommand = {
    account_id: 'acc',
    org_id: 'org',
    idempotency_key: null,
    type: 'virtual',
    cardholder: { first_name: 'Ada', last_name: 'Lovelace' },
    occupation: 'engineer',
  };
  const open = { physical_available: true };

  it('reads a virtual card request', () => {
    expect(readCardRequest(command, open)).toEqual({
      type: 'virtual',
      cardholder_name: 'ADA LOVELACE',
      occupation: 'engineer',
      business_activity: null,
      shipping_address: null,
    });
  });

  it('answers the spec codes', () => {
    expect(codeOf(() => readCardRequest({ ...command, type: 'metal' }, open))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => readCardRequest({ ...command, occupation: 'pirate' }, open))).toBe(
      'invalid_occupation',
    );
    expect(codeOf(() => readCardRequest({ ...command, occupation: undefined }, open))).toBe(
      'invalid_occupation',
    );
    expect(
      codeOf(() => readCardRequest({ ...command, business_activity: 'smuggling' }, open)),
    ).toBe('invalid_kind_of_business');
    const physical = { ...command, type: 'physical' };
    expect(codeOf(() => readCardRequest(physical, open))).toBe('issuer_data_incomplete');
    expect(
      codeOf(() =>
        readCardRequest(
          { ...physical, shipping_address: { line1: 'Main St 1', city: 'Austin' } },
          open,
        ),
      ),
    ).toBe('issuer_data_incomplete');
    expect(codeOf(() => readCardRequest(physical, { physical_available: false }))).toBe(
      'physical_temporarily_unavailable',
    );
  });

  it('fingerprints what the card is, not how it was written', () => {
    const a = readCardRequest(command, open);
    const b = readCardRequest(
      { ...command, cardholder: { first_name: ' ada ', last_name: 'LOVELACE' } },
      open,
    );
    expect(fingerprintOf(a)).toBe(fingerprintOf(b));
    expect(fingerprintOf(a)).not.toBe(
      fingerprintOf(readCardRequest({ ...command, occupation: 'teacher' }, open)),
    );
  });
});
