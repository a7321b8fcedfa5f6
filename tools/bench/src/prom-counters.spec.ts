import { counterSamples, describeCounterGrowth, describeGrowthRatio } from './prom-counters';

const TEXT = [
  '# HELP ledger_append_conflicts_total ledger appends that found the stream moved',
  '# TYPE ledger_append_conflicts_total counter',
  'ledger_append_conflicts_total{site="group"} 12',
  'ledger_append_conflicts_total{site="operation"} 3',
  'ledger_append_conflicts_total_created{site="group"} 1700000000',
  'webhook_deliveries_total{outcome="delivered"} 7',
  'plain_total 4',
].join('\n');

describe('counterSamples', () => {
  it('reads each label set of the named counter, and no other metric sharing its prefix', () => {
    expect([...counterSamples(TEXT, 'ledger_append_conflicts_total')]).toEqual([
      ['site="group"', 12],
      ['site="operation"', 3],
    ]);
  });

  it('reads a counter without labels, and nothing for one that is absent', () => {
    expect([...counterSamples(TEXT, 'plain_total')]).toEqual([['', 4]]);
    expect(counterSamples(TEXT, 'absent_total').size).toBe(0);
  });
});

describe('describeCounterGrowth', () => {
  it('prints what grew, per request, and none when nothing did', () => {
    const before = new Map([['site="group"', 10]]);
    const after = new Map([
      ['site="group"', 40],
      ['site="operation"', 6],
    ]);
    expect(describeCounterGrowth(before, after, 60)).toBe(
      'site="group" 0.500, site="operation" 0.100',
    );
    expect(describeCounterGrowth(after, after, 60)).toBe('none');
  });
});

describe('describeGrowthRatio', () => {
  it('divides what one counter grew by what another grew, per label set that grew', () => {
    const messages = {
      before: new Map([['consumer="replies"', 100]]),
      after: new Map([
        ['consumer="replies"', 130],
        ['consumer="commands"', 12],
      ]),
    };
    const batches = {
      before: new Map([
        ['consumer="replies"', 50],
        ['consumer="events"', 4],
      ]),
      after: new Map([
        ['consumer="replies"', 60],
        ['consumer="commands"', 8],
        ['consumer="events"', 4],
      ]),
    };
    expect(describeGrowthRatio(messages, batches)).toBe(
      'consumer="replies" 3.0, consumer="commands" 1.5',
    );
    expect(describeGrowthRatio(messages, { before: batches.after, after: batches.after })).toBe(
      'none',
    );
  });
});
