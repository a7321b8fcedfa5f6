import type { ApiLoadResult } from './api-load';
import { apiKindsOf, completions, describeFinishing, finishingOf } from './api-run';
import type { DeliveredMessage } from '@platform/messaging';

const event = (type: string, data: Record<string, string>) =>
  ({ payload: { type, data } }) as unknown as DeliveredMessage;

const run = (created: { id: string; sent_at_ms: number }[]): ApiLoadResult => ({
  samples_ms: created.map(() => 1),
  began_ms: created.map(() => 0),
  elapsed_ms: 1,
  failures: 0,
  created,
  generator_cpu_ms: { first_second: 0, total: 0 },
});

describe('apiKindsOf', () => {
  it('keeps the kinds a list names, in its order, and nothing else', () => {
    expect(apiKindsOf('payins,transfers')).toEqual(['payins', 'transfers']);
    expect(apiKindsOf('none')).toEqual([]);
    expect(apiKindsOf('payouts,cards')).toEqual(['payouts']);
  });
});

describe('completions', () => {
  it('records a payout when it completes and a payin when it is credited, once', async () => {
    const finished = completions();
    await finished.handler(
      event('payouts.payout_status_changed', { payout_id: 'po1', status: 'processing' }),
    );
    expect(finished.completed_at_ms.has('po1')).toBe(false);
    await finished.handler(
      event('payouts.payout_status_changed', { payout_id: 'po1', status: 'completed' }),
    );
    await finished.handler(event('payins.payin_credited', { payin_id: 'pi1' }));
    const first = finished.completed_at_ms.get('po1');
    await finished.handler(
      event('payouts.payout_status_changed', { payout_id: 'po1', status: 'completed' }),
    );
    expect(finished.completed_at_ms.get('po1')).toBe(first);
    expect([...finished.completed_at_ms.keys()]).toEqual(['po1', 'pi1']);
  });
});

describe('finishingOf', () => {
  it('times each creation to its finish, and the run from its first send to its last finish', () => {
    const finished = completions();
    finished.completed_at_ms.set('a', 1_150);
    finished.completed_at_ms.set('b', 2_000);
    const finishing = finishingOf(
      finished,
      run([
        { id: 'a', sent_at_ms: 1_000 },
        { id: 'b', sent_at_ms: 1_500 },
      ]),
    );
    expect(finishing).toEqual({ completed_ms: [150, 500], end_to_end_ms: 1_000 });
    expect(describeFinishing('payouts', finishing)[1]).toBe(
      'end to end: 2 payouts created and completed in 1000 ms = 2/s',
    );
    expect(finishingOf(finished, run([])).end_to_end_ms).toBeUndefined();
  });
});
