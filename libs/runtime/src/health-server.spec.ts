import { startHealthServer, type HealthServer } from './health-server';
import type { ReadinessCheck } from './readiness';

/** The probe port of a service process: `/readyz` runs the process's checks, each by name. */
describe('health server', () => {
  let server: HealthServer;
  let database_up = true;
  const failures: Record<string, string>[] = [];

  beforeAll(async () => {
    const readiness = new Map<string, ReadinessCheck>([
      [
        'database',
        async () => {
          if (!database_up) throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
        },
      ],
      ['bus', async () => undefined],
    ]);
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      service: 'ledger',
      environment: 'test',
      readiness,
      metrics_text: async () => '# metrics\n',
      on_not_ready: (failed) => failures.push(failed),
    });
  });
  afterAll(() => server.close());

  const get = (route: string) => fetch(`http://127.0.0.1:${server.port}${route}`);

  it('answers /readyz 200 with each check when all pass', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  });

  it('answers 503 naming the failed check, and keeps the cause for the log only', async () => {
    database_up = false;
    try {
      const not_ready = await get('/readyz');
      expect(not_ready.status).toBe(503);
      const body = await not_ready.text();
      expect(JSON.parse(body)).toEqual({
        status: 'not_ready',
        error: 'not_ready',
        message: 'the service is not ready',
        checks: { database: 'failed', bus: 'ok' },
      });
      expect(body).not.toContain('10.0.0.7');
      expect(failures.at(-1)).toEqual({ database: 'connect ECONNREFUSED 10.0.0.7:5432' });
    } finally {
      database_up = true;
    }
  });

  it('stays alive on /healthz whatever the checks say', async () => {
    database_up = false;
    try {
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      database_up = true;
    }
  });

  it('refuses to start on a port another process holds, with an error rather than a crash', async () => {
    await expect(
      startHealthServer({
        port: server.port,
        host: '127.0.0.1',
        service: 'ledger',
        environment: 'test',
        readiness: new Map(),
        metrics_text: async () => '',
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
