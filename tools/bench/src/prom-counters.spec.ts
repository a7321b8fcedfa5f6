import { counterSamples, describeCounterGrowth } from './prom-counters';

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
