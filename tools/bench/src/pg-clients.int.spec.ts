import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { readPostgresqlClients } from './pg-clients';

describe('readPostgresqlClients', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('pgclients');
    pool = createPool({ url: db.url, max_connections: 1, application_name: 'test:probe' });
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('names a backend by its connection’s application_name and a server process by its type', async () => {
    const {
      rows: [own],
    } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    const clients = await readPostgresqlClients(pool);
    expect(clients.get(own!.pid)).toBe('test:probe');
    expect([...clients.values()]).toContain('[checkpointer]');
  });
});
