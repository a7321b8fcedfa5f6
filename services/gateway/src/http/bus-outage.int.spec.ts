import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ACCOUNT_COMMANDS } from '@platform/contracts';
import { InProcessBus } from '@platform/messaging';
import { testAdminUrl } from '@platform/testing';
import { startGatewayUnderTest } from './gateway-under-test';

/**
 * The gateway when what is behind it fails, on the in-process bus with a real PostgreSQL: a
 * command whose handler never answers, a bus that is gone, a database that does not answer.
 */
describe('gateway over a failing bus or database', () => {
  let bus: InProcessBus;
  let app: NestFastifyApplication;
  let base_url: string;

  async function boot(database_url: string): Promise<void> {
    bus = new InProcessBus({ request_timeout_ms: 300 });
    // Registration's handler takes the command and never answers, like a service that hangs.
    await bus.serve(
      ACCOUNT_COMMANDS.register_account.name,
      () => new Promise<never>(() => undefined),
    );
    ({ app, base_url } = await startGatewayUnderTest(bus, database_url, {
      JWT_SECRET: 'gateway-outage-test-session-key-0123456789',
    }));
  }

  afterEach(async () => {
    await app.close();
    await bus.close();
  });

  it('answers a command the bus got no reply to with 503 recovery_pending', async () => {
    await boot(testAdminUrl());
    const response = await fetch(`${base_url}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        org: 'demo',
        type: 'person',
        email: 'slow@example.com',
        password: 'correct horse battery',
        display_name: 'Slow Poke',
      }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('recovery_pending');
    expect(body.message).toMatch(/retry with the same idempotency key/);
  });

  it('is ready when the bus and the database answer, and says which one does not', async () => {
    await boot(testAdminUrl());
    const ready = await fetch(`${base_url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { bus: 'ok', database: 'ok' },
    });
    await bus.close();
    const not_ready = await fetch(`${base_url}/readyz`);
    expect(not_ready.status).toBe(503);
    expect(await not_ready.json()).toEqual({
      status: 'not_ready',
      error: 'not_ready',
      message: 'the service is not ready',
      checks: { bus: 'failed', database: 'ok' },
    });
  });

  it('is not ready while its database does not answer', async () => {
    const unreachable = new URL(testAdminUrl());
    unreachable.port = '9'; // discard: nothing accepts PostgreSQL connections there
    await boot(unreachable.toString());
    const not_ready = await fetch(`${base_url}/readyz`);
    expect(not_ready.status).toBe(503);
    const body = (await not_ready.json()) as { checks: Record<string, string> };
    expect(body.checks).toEqual({ bus: 'ok', database: 'failed' });
    expect(JSON.stringify(body)).not.toContain(':9');
  });
});
