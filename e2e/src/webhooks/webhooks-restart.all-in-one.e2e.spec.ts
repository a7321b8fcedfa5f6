import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startPlatform as startAllInOne,
  TEST_OPERATOR_TOKEN,
  type RunningPlatform,
} from '@platform/all-in-one';
import { createPool, dropDatabase } from '@platform/persistence';
import { testAdminUrl } from '@platform/testing';
import { e2eRuntime } from '../harness';
import {
  DELIVERY_WAIT,
  eventsClient,
  eventually,
  http,
  json,
  openAccount,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../clients';

/**
 * At-least-once across a restart: an event whose delivery failed while the platform ran is
 * delivered by the next platform process on the same database, with the same event id.
 * All-in-one only, and on its own platform rather than the harness's: it stops the platform and
 * starts another on the same databases, and leases a job in the notifications tables in between
 * as a process that died mid-attempt would have left it.
 */
describe('webhooks: queued deliveries survive a restart and a lease left by a dead process', () => {
  const database_prefix = `whrestart_${Date.now().toString(36)}`;
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'whrestart-'));
  let receiver: WebhookReceiver;
  let running: RunningPlatform | undefined;
  const target = () => ({
    environment: 'test' as const,
    base_url: running!.environments.test.base_url,
    operator_token: TEST_OPERATOR_TOKEN,
  });
  const client = http(target);
  const events = eventsClient(target);

  const start = () =>
    startAllInOne({
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
    if (e2eRuntime() !== 'all-in-one')
      throw new Error(`this suite restarts the all-in-one runtime: not ${e2eRuntime()}`);
    receiver = await startWebhookReceiver();
    receiver.otherwise = 503;
  });
  afterAll(async () => {
    await running?.close();
    await receiver.close();
    await dropDatabase(testAdminUrl(), `${database_prefix}_test`);
    await dropDatabase(testAdminUrl(), `${database_prefix}_live`);
  });

  const receivedUntil = (count: number) =>
    eventually(
      async () => receiver.received,
      (received) => received.length === count,
      DELIVERY_WAIT,
    );

  it('delivers after the restart what failed before it, under the same event id', async () => {
    running = await start();
    const registration = { display_name: 'Restart Tester' };
    const payee = await openAccount(client, { label: 'restart', registration });
    const payer = await openAccount(client, { label: 'restart-payer', registration });
    await events.subscription(payee.access_token, {
      event_type: 'transfer_received',
      callback_url: receiver.url(),
      secret: 'restart-secret-value',
    });

    await json(
      await client.request('POST', '/v1/transfers', {
        token: payer.access_token,
        body: {
          recipient: payee.account_id,
          asset: 'USD',
          amount: '7.00',
          description: 'before the restart',
        },
      }),
      201,
    );
    await receivedUntil(1);
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

    receiver.otherwise = 200;
    running = await start();
    const [before, after] = (await receivedUntil(2)).map((hook) => hook.headers);
    expect(after?.['x-webhook-event-id']).toBe(before?.['x-webhook-event-id']);
    expect(after?.['x-webhook-delivery-id']).not.toBe(before?.['x-webhook-delivery-id']);
  });
});
