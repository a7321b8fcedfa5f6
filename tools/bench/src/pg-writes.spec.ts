import { describePgWrites, pgWritesPerRequest, type PgWrites, type TableWrites } from './pg-writes';

const table = (writes: Partial<TableWrites>): TableWrites => ({
  inserted: 0,
  updated: 0,
  hot_updated: 0,
  deleted: 0,
  indexes: 1,
  ...writes,
});

const reading = (counters: Partial<PgWrites>): PgWrites => ({
  commits: 0,
  wal_records: 0,
  wal_full_page_images: 0,
  wal_bytes: 0,
  wal_syncs: 0,
  tables: new Map(),
  ...counters,
});

describe('PostgreSQL writes per request', () => {
  const before = reading({
    commits: 1_000,
    wal_records: 50_000,
    wal_bytes: 1_000_000,
    wal_syncs: 400,
    tables: new Map([
      ['payouts.payouts', table({ inserted: 10, updated: 20, indexes: 5 })],
      ['ledger.balances', table({ updated: 100, hot_updated: 100 })],
    ]),
  });
  const after = reading({
    commits: 1_380,
    wal_records: 60_800,
    wal_full_page_images: 30,
    wal_bytes: 3_560_000,
    wal_syncs: 600,
    tables: new Map([
      ['payouts.payouts', table({ inserted: 110, updated: 220, indexes: 5 })],
      ['ledger.balances', table({ updated: 150, hot_updated: 140 })],
      // A table created during the run counts from zero.
      ['notifications.outbox', table({ inserted: 300, deleted: 10, indexes: 3 })],
      ['payouts.org_limits', table({})],
    ]),
  });

  it('divides the counters moved between two readings by the requests', () => {
    const per_request = pgWritesPerRequest(before, after, 100);
    expect(per_request).toMatchObject({
      commits: 3.8,
      wal_records: 108,
      wal_full_page_images: 0.3,
      wal_bytes: 25_600,
      wal_syncs: 2,
    });
    expect(per_request.tables.get('payouts.payouts')).toEqual(
      table({ inserted: 1, updated: 2, indexes: 5 }),
    );
    expect(per_request.tables.get('notifications.outbox')).toEqual(
      table({ inserted: 3, deleted: 0.1, indexes: 3 }),
    );
    // A table nothing was written to is left out.
    expect(per_request.tables.has('payouts.org_limits')).toBe(false);
  });

  it('describes the most written tables first, with their HOT share and index count', () => {
    const line = describePgWrites(pgWritesPerRequest(before, after, 100), 2);
    expect(line).toBe(
      '3.8 commits, 2.0 WAL flushes, 108 WAL records (25.0 kB, 0.3 full pages); rows written: ' +
        'notifications.outbox 3.0 ins 0.1 del [3 idx], payouts.payouts 1.0 ins 2.0 upd (0% HOT) [5 idx]',
    );
    expect(describePgWrites(pgWritesPerRequest(before, after, 100), 3)).toContain(
      'ledger.balances 0.5 upd (80% HOT) [1 idx]',
    );
  });

  it('gives the server counters alone when no table is shown', () => {
    expect(describePgWrites(pgWritesPerRequest(before, after, 100), 0)).toBe(
      '3.8 commits, 2.0 WAL flushes, 108 WAL records (25.0 kB, 0.3 full pages)',
    );
  });
});
