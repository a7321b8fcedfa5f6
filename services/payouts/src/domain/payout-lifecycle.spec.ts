import { DomainError, PAYOUT_STATUS_CODES, type PayoutStatusCode } from '@platform/contracts';
import { awaits, decide, effectOf } from './payout-decide';
import type { PayoutCommand, PayoutCommandType, PayoutEvent } from './payout-events';
import { draftPayout } from './payout-request';
import { dueStepOf, evolve, openPayout, stateOf, type PayoutState } from './payout-state';
import { flagsOf } from './payout-status';
import { pricePayout, type RateTableView } from './pricing';

const rates: RateTableView = {
  assets: [
    { asset: 'USD', usd_per_unit: '1' },
    { asset: 'USDT', usd_per_unit: '1' },
  ],
  currencies: [
    { currency: 'BRL', per_usd: '5.40' },
    { currency: 'USD', per_usd: '1' },
  ],
};

function opened(method: 'pix' | 'manual' = 'pix'): PayoutState {
  const draft = draftPayout(
    method === 'pix'
      ? {
          country: 'BR',
          currency: 'BRL',
          method: 'pix',
          amount: '54.00',
          beneficiary: { name: 'Ana', account_number: 'ana@example.com' },
        }
      : {
          country: 'EC',
          currency: 'USD',
          method: 'bank_transfer',
          amount: '20.00',
          beneficiary: {
            name: 'Carla',
            tax_id: '0912345678',
            account_number: '2200123456',
            bank_code: '10',
          },
        },
  );
  return openPayout({
    payout_id: 'payout-1',
    account_id: 'acc-1',
    org_id: 'demo',
    idempotency_key: 'key-1',
    source: 'api',
    draft,
    price: pricePayout(draft.local_amount, 'USD', rates),
    now: '2026-11-24T10:00:00.000Z',
  });
}

/** Runs commands in order as the application does: decide, then evolve by what was decided. */
function run(commands: PayoutCommand[], state = opened()) {
  const events: PayoutEvent[] = [];
  const final = commands.reduce((current, command) => {
    const decided = decide(command, current);
    events.push(...decided);
    return decided.reduce(evolve, current);
  }, state);
  return { state: final, events, payout: final.payout };
}

/** The state a stored payout with this code is loaded in. */
const stored = (status_code: PayoutStatusCode): PayoutState =>
  stateOf({ ...opened().payout, ...flagsOf(status_code) });

function expectRefusal(action: () => unknown, code: string) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

const screening = (
  decision: 'process' | 'hold' | 'reject' | 'unavailable',
  review_id: string | null = null,
): PayoutCommand => ({ type: 'record_screening', data: { decision, review_id } });
const debit = (outcome: 'held' | 'insufficient_funds' | 'ledger_unreachable'): PayoutCommand => ({
  type: 'record_debit',
  data: { outcome },
});
const dispatched = (mode: 'rail' | 'manual'): PayoutCommand => ({
  type: 'record_dispatch',
  data: { mode },
});
const confirmed: PayoutCommand = {
  type: 'record_rail_answer',
  data: { kind: 'confirmed', bank_reference: 'SBX0001' },
};
const railRejected: PayoutCommand = { type: 'record_rail_answer', data: { kind: 'rejected' } };

describe('payout lifecycle: screened, debited, dispatched', () => {
  it('opens pending with nothing debited, its screening due', () => {
    const { payout } = opened();
    expect(payout).toMatchObject({
      status: 'pending',
      status_code: 'compliance_pending',
      compliance_pending: true,
      funds_debited: false,
      total_debit: '10.00',
      review_id: null,
      bank_reference: '',
    });
    expect(dueStepOf(payout.status_code)).toBe('screen');
  });

  it('completes: screened, debited, handed to the rail, confirmed with the hold posted', () => {
    const sent = run([screening('process'), debit('held'), dispatched('rail')]);
    expect(sent.payout).toMatchObject({
      status: 'processing',
      status_code: 'rail_submitted',
      funds_debited: true,
    });
    expect(dueStepOf(sent.payout.status_code)).toBe('poll_rail');
    expect(
      run([{ type: 'record_rail_answer', data: { kind: 'pending' } }], sent.state).events,
    ).toEqual([]);

    const done = run([confirmed], sent.state);
    expect(done.events).toEqual([{ type: 'rail_confirmed', data: { bank_reference: 'SBX0001' } }]);
    expect(done.events.map(effectOf)).toEqual(['post_hold']);
    expect(done.payout).toMatchObject({
      status: 'completed',
      status_code: 'completed',
      funds_debited: true,
      bank_reference: 'SBX0001',
    });
    expect(dueStepOf(done.payout.status_code)).toBeNull();
  });

  it('fails at the rail with the debit refunded before the failure counts', () => {
    const { events, payout } = run([
      screening('process'),
      debit('held'),
      dispatched('rail'),
      railRejected,
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'screening_passed',
      'funds_held',
      'handed_to_rail',
      'rail_rejected',
    ]);
    expect(events.map(effectOf)).toEqual([null, null, null, 'release_hold']);
    expect(payout).toMatchObject({
      status: 'failed',
      status_code: 'rail_rejected',
      funds_debited: false,
      predebit_failure: false,
    });
  });

  it('queues a payout screened after a wait: dispatch pending, dispatching, then the rail', () => {
    const waiting = run([screening('unavailable')]);
    expect(waiting.events).toEqual([]);
    expect(waiting.payout.status_code).toBe('compliance_pending');

    const debited = run([screening('process'), debit('held')], waiting.state);
    expect(debited.payout).toMatchObject({
      status: 'pending',
      status_code: 'compliance_dispatch_pending',
      funds_debited: true,
      compliance_pending: false,
    });
    expect(dueStepOf(debited.payout.status_code)).toBe('start_dispatch');
    const turn = run([{ type: 'start_dispatch' }], debited.state);
    expect(turn.payout.status_code).toBe('compliance_dispatching');
    expect(dueStepOf(turn.payout.status_code)).toBe('dispatch');
    expect(run([dispatched('rail')], turn.state).payout.status_code).toBe('rail_submitted');
  });
});

describe('payout lifecycle: failures before any debit', () => {
  it('fails a payout screening rejects', () => {
    const { payout } = run([screening('reject')]);
    expect(payout).toMatchObject({
      status: 'failed',
      status_code: 'screening_rejected',
      predebit_failure: true,
      funds_debited: false,
    });
  });

  it('fails a payout whose debit the ledger refuses after screening', () => {
    const { events, payout } = run([screening('process'), debit('insufficient_funds')]);
    expect(events.map(effectOf)).toEqual([null, null]);
    expect(payout).toMatchObject({
      status: 'failed',
      status_code: 'insufficient_funds',
      predebit_failure: true,
      funds_debited: false,
    });
  });
});

describe('payout lifecycle: the ledger unreachable', () => {
  it('waits in core_unreachable, announces every retry that fails, then queues the dispatch', () => {
    const first = run([screening('process'), debit('ledger_unreachable')]);
    expect(first.payout).toMatchObject({
      status: 'pending',
      status_code: 'core_unreachable',
      funds_debited: false,
    });
    expect(dueStepOf(first.payout.status_code)).toBe('debit');

    const again = run([debit('ledger_unreachable')], first.state);
    expect(again.events).toEqual([{ type: 'debit_postponed' }]);
    expect(again.payout.status_code).toBe('core_unreachable');

    const held = run([debit('held')], again.state);
    expect(held.payout).toMatchObject({
      status_code: 'compliance_dispatch_pending',
      funds_debited: true,
    });
  });
});

describe('payout lifecycle: firewall review', () => {
  const held = () => run([screening('hold', 'review-1')]);

  it('holds a payout for review without a debit, naming the review', () => {
    const { payout } = held();
    expect(payout).toMatchObject({
      status: 'in_review',
      status_code: 'firewall_review',
      review_id: 'review-1',
      funds_debited: false,
    });
    expect(dueStepOf(payout.status_code)).toBeNull();
  });

  it('a release tells compliance, then debits and dispatches the payout', () => {
    const { events, payout } = run(
      [{ type: 'release_review' }, debit('held'), dispatched('rail')],
      held().state,
    );
    expect(events.map(effectOf)).toEqual(['release_review', null, null]);
    expect(payout).toMatchObject({ status_code: 'rail_submitted', review_id: 'review-1' });
  });

  it('a released payout the balance no longer covers fails before any debit', () => {
    const { payout } = run([{ type: 'release_review' }, debit('insufficient_funds')], held().state);
    expect(payout).toMatchObject({ status_code: 'insufficient_funds', predebit_failure: true });
  });

  it('a released payout whose debit cannot reach the ledger waits in core_unreachable', () => {
    const { payout } = run([{ type: 'release_review' }, debit('ledger_unreachable')], held().state);
    expect(payout).toMatchObject({ status: 'pending', status_code: 'core_unreachable' });
    expect(dueStepOf(payout.status_code)).toBe('debit');
  });

  it('a rejection fails the payout before any debit; a second decision is refused', () => {
    const rejected = run([{ type: 'reject_review' }], held().state);
    expect(rejected.events.map(effectOf)).toEqual(['reject_review']);
    expect(rejected.payout).toMatchObject({
      status: 'failed',
      status_code: 'review_rejected',
      predebit_failure: true,
    });
    expectRefusal(() => decide({ type: 'release_review' }, rejected.state), 'already_decided');
    expectRefusal(() => decide({ type: 'reject_review' }, rejected.state), 'already_decided');
  });
});

describe('payout lifecycle: manual dispatch', () => {
  const waiting = () =>
    run([screening('process'), debit('held'), dispatched('manual')], opened('manual'));

  it('waits for an operator in processing with the debit held', () => {
    const { payout } = waiting();
    expect(payout).toMatchObject({
      status: 'processing',
      status_code: 'manual_dispatch',
      funds_debited: true,
    });
    expect(dueStepOf(payout.status_code)).toBeNull();
  });

  it("completes on the operator's confirmation with the hold posted", () => {
    const { events, payout } = run([{ type: 'confirm_manual' }], waiting().state);
    expect(events.map(effectOf)).toEqual(['post_hold']);
    expect(payout).toMatchObject({ status: 'completed', funds_debited: true });
  });

  it("fails on the operator's rejection with the debit refunded, once", () => {
    const { events, state, payout } = run([{ type: 'reject_manual' }], waiting().state);
    expect(events.map(effectOf)).toEqual(['release_hold']);
    expect(payout).toMatchObject({
      status: 'failed',
      status_code: 'manual_rejected',
      funds_debited: false,
      predebit_failure: false,
    });
    expectRefusal(() => decide({ type: 'confirm_manual' }, state), 'already_decided');
  });
});

describe('payout lifecycle: refused transitions', () => {
  const AWAITED: Record<PayoutCommandType, readonly PayoutStatusCode[]> = {
    record_screening: ['compliance_pending'],
    record_debit: ['core_unreachable'],
    start_dispatch: ['compliance_dispatch_pending'],
    record_dispatch: ['compliance_dispatch_pending', 'compliance_dispatching'],
    record_rail_answer: ['rail_submitted'],
    confirm_manual: ['manual_dispatch'],
    reject_manual: ['manual_dispatch'],
    release_review: ['firewall_review'],
    reject_review: ['firewall_review'],
  };
  const command: Record<PayoutCommandType, PayoutCommand> = {
    record_screening: screening('process'),
    record_debit: debit('held'),
    start_dispatch: { type: 'start_dispatch' },
    record_dispatch: dispatched('rail'),
    record_rail_answer: confirmed,
    confirm_manual: { type: 'confirm_manual' },
    reject_manual: { type: 'reject_manual' },
    release_review: { type: 'release_review' },
    reject_review: { type: 'reject_review' },
  };

  it('refuses every command in a status that does not await it, with already_decided', () => {
    for (const status_code of PAYOUT_STATUS_CODES) {
      for (const type of Object.keys(AWAITED) as PayoutCommandType[]) {
        const state = stored(status_code);
        if (AWAITED[type].includes(status_code)) {
          expect(decide(command[type], state).length).toBeGreaterThan(0);
        } else {
          expectRefusal(() => decide(command[type], state), 'already_decided');
        }
      }
    }
  });

  it('never debits a payout that was not cleared: not while screening is pending', () => {
    expectRefusal(() => decide(debit('held'), opened()), 'already_decided');
  });

  it('awaits only the debit once cleared, so screening cannot run twice', () => {
    const { state } = run([screening('process')]);
    expect(awaits(state, 'record_debit')).toBe(true);
    expectRefusal(() => decide(screening('reject'), state), 'already_decided');
    expectRefusal(() => decide(dispatched('rail'), state), 'already_decided');
  });

  it('says what the payout is in the refusal', () => {
    expect(() => decide({ type: 'confirm_manual' }, stored('completed'))).toThrow(
      'the payout is completed (completed), not awaiting this decision',
    );
  });
});
