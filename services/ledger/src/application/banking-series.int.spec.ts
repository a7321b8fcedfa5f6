import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { BankingSeriesProjection } from './banking-series';

const SCHEMA = 'ledger';

/** The ledger's projection of the banking service's balance entries. */
describe('banking series projection on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let dead_letters: DeadLetters;
  let projection: BankingSeriesProjection;

  beforeAll(async () => {
    database = await createTestDatabase('ledger_banking_series');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 4 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    dead_letters = new DeadLetters(pool, SCHEMA);
    projection = new BankingSeriesProjection(pool, dead_letters, 'test');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const envelope = (data: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
    event_id: randomUUID(),
    type: 'banking.balance_changed',
    version: 1,
    stream: 'banking-operation-op-1',
    position: '1',
    occurred_at: '2026-01-02T03:04:05.000Z',
    org_id: 'org-1',
    account_id: 'acc-1',
    environment: 'test',
    correlation_id: null,
    causation_id: null,
    data,
    ...overrides,
  });
  const entry = (entry_id: string, change: string) => ({
    entry_id,
    account_id: 'acc-1',
    bank_account_id: 'ba-1',
    operation_id: 'op-1',
    currency: 'USD',
    change,
    booked_at: '2026-01-02T03:04:05.000Z',
  });
  const total = async () =>
    (
      await pool.query<{ total: string | null }>(
        'select sum(change)::text as total from banking_balance_entries where account_id = $1',
        ['acc-1'],
      )
    ).rows[0]!.total;

  it('counts an entry once however often it arrives, and ignores the other environment', async () => {
    const credited = envelope(entry('e-1', '100.00'));
    await projection.take(credited);
    await projection.take(credited);
    await projection.take(envelope(entry('e-1', '100.00')));
    await projection.take(envelope(entry('e-2', '-10.50')));
    await projection.take(envelope(entry('e-3', '5.00'), { environment: 'live' }));
    await projection.take(
      envelope({ account_id: 'acc-1' }, { type: 'banking.customer_status_changed' }),
    );
    expect(await total()).toBe('89.50');
  });

  it('sets a malformed entry aside as a dead letter and goes on', async () => {
    const malformed = envelope({ ...entry('e-4', '1e3') });
    await projection.take(malformed);
    await projection.take({ not: 'an envelope' });
    await projection.take({ also: 'not an envelope' });
    await projection.take(envelope(entry('e-5', '0.50')));
    expect(await total()).toBe('90.00');
    const { rows } = await pool.query<{ record_key: string }>(
      'select record_key from dead_letters where source = $1',
      ['projection:ledger.banking-series'],
    );
    const keys = rows.map((row) => row.record_key);
    // Two different poison messages keep two letters; the malformed entry its event id.
    expect(keys).toContain(malformed.event_id);
    expect(keys.filter((key) => key.startsWith('unparsed:'))).toHaveLength(2);
  });
});
