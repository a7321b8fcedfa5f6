import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPool, dropDatabase } from '@platform/persistence';
import { testAdminUrl } from '@platform/testing';
import { startPlatform, type RunningPlatform } from './platform';
import { TEST_OPERATOR_TOKEN } from './test-platform';

/**
 * At-least-once across a restart: an event whose delivery failed while the platform ran is
 * delivered by the next platform process on the same database, with the same event id.
 */
async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 30_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhooks: queued deliveries survive a restart and a lease left by a dead process', () => {
  const database_prefix = `whrestart_${Date.now().toString(36)}`;
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'whrestart-'));
  const received: http.IncomingHttpHeaders[] = [];
  let answer = 503;
  let receiver: http.Server;
  let running: RunningPlatform | undefined;

  const start = () =>
    startPlatform({
      host: '127.0.0.1',
      ports: { test: 0, live: 0 },
      admin_database_url: testAdminUrl(),
      database_prefix,
      data_dir,
      settings: {
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        // Attempts at 0, 1, 4, 9 and 16 s: the restart happens between the first two.
        WEBHOOK_RETRY_SCALE: '0.2',
        WEBHOOK_POLL_MS: '50',
      },
    });

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(request.headers);
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await running?.close();
    await new Promise((resolve) => receiver.close(resolve));
    await dropDatabase(testAdminUrl(), `${database_prefix}_test`);
    await dropDatabase(testAdminUrl(), `${database_prefix}_live`);
  });

  it('delivers after the restart what failed before it, under the same event id', async () => {
    running = await start();
    const base_url = running.environments.test.base_url;
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${base_url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const email = `restart-${Date.now()}@example.com`;
    await post('/v1/auth/register', {
      org: 'demo',
      type: 'person',
      email,
      password: 'correct horse battery',
      display_name: 'Restart Tester',
    });
    const session = (await (
      await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' })
    ).json()) as { access_token: string; account_id?: string; account?: { id: string } };
    const account_id = session.account_id ?? session.account?.id ?? '';
    const port = (receiver.address() as AddressInfo).port;
    const subscribed = await post(
      '/v1/webhooks/subscriptions',
      {
        event_type: 'transfer_received',
        callback_url: `http://127.0.0.1:${port}/hook`,
        secret: 'restart-secret-value',
      },
      session.access_token,
    );
    expect(subscribed.status).toBe(201);

    await running.environments.test.bus.publish('events.ledger', [
      {
        id: randomUUID(),
        key: account_id,
        payload: {
          event_id: randomUUID(),
          type: 'ledger.transfer_received',
          version: 1,
          stream: `account-${account_id}`,
          position: '1',
          occurred_at: new Date().toISOString(),
          org_id: 'demo',
          account_id,
          environment: 'test',
          correlation_id: null,
          causation_id: null,
          data: {
            transfer_id: randomUUID(),
            from_account_id: randomUUID(),
            to_account_id: account_id,
            asset: 'USD',
            amount: '7.00',
            description: 'before the restart',
            created_at: new Date().toISOString(),
          },
        },
      },
    ]);
    await waitFor(() => received.length === 1);
    const database_url = running.environments.test.database_url;
    await running.close();
    running = undefined;
    // As if the process had died in the middle of the next attempt: the job is due, but leased
    // to that process for a while. The next process must wait the lease out, then deliver.
    const pool = createPool({ url: database_url, schema: 'notifications', max_connections: 1 });
    try {
      const leased = await pool.query(
        `update webhook_jobs set next_attempt_at = now(), locked_until = now() + interval '2 seconds'
         where state = 'pending'`,
      );
      expect(leased.rowCount).toBe(1);
    } finally {
      await pool.end();
    }

    answer = 200;
    running = await start();
    await waitFor(() => received.length === 2);
    const [before, after] = received;
    expect(after?.['x-webhook-event-id']).toBe(before?.['x-webhook-event-id']);
    expect(after?.['x-webhook-delivery-id']).not.toBe(before?.['x-webhook-delivery-id']);
  });
});
