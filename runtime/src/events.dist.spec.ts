import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KafkaBus, type MessageBus } from '@platform/messaging';
import { dropDatabase, ensureDatabase } from '@platform/persistence';
import {
  bootService,
  PlatformContextModule,
  type PlatformContext,
  type RunningService,
} from '@platform/runtime';
import { AdminModule, createGatewayApp, PublicApiModule } from '@platform/svc-gateway';
import { testAdminUrl } from '@platform/testing';
import { BUS_SERVICES } from './services';
import { TEST_OPERATOR_TOKEN } from './test-platform';

/**
 * Webhook delivery and the event stream on Kafka, with two gateways: any gateway serves any
 * account's stream (each gateway holds a broadcast subscription to `public-events`).
 */
jest.setTimeout(240_000);

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const SECRET = 'whsec_distributed_secret';

async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 60_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('events on the distributed runtime (Kafka, two gateways)', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `evdist_${suffix}`;
  const topic_prefix = `evdist${suffix}.`;
  const buses: MessageBus[] = [];
  const services: RunningService[] = [];
  const gateways: NestFastifyApplication[] = [];
  const gateway_urls: string[] = [];
  const streams: AbortController[] = [];
  const hooks: { headers: http.IncomingHttpHeaders; raw_body: Buffer }[] = [];
  let receiver: http.Server;
  let services_bus: MessageBus;

  const bus = (label: string): MessageBus => {
    const created = new KafkaBus({
      brokers: BROKERS,
      client_id: `${label}-${suffix}`,
      topic_prefix,
    });
    buses.push(created);
    return created;
  };

  beforeAll(async () => {
    const database_url = await ensureDatabase(testAdminUrl(), database);
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        hooks.push({ headers: request.headers, raw_body: Buffer.concat(chunks) });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const context = (service_bus: MessageBus): PlatformContext => ({
      environment: 'test',
      bus: service_bus,
      database_url,
      data_dir: mkdtempSync(path.join(os.tmpdir(), 'evdist-')),
      settings: {
        ...process.env,
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '100',
      },
    });
    services_bus = bus('services');
    await services_bus.start();
    for (const definition of BUS_SERVICES) {
      services.push(await bootService(definition, context(services_bus)));
    }
    for (const label of ['gateway-a', 'gateway-b']) {
      const gateway_bus = bus(label);
      await gateway_bus.start();
      const app = await createGatewayApp({
        environment: 'test',
        imports: [
          PlatformContextModule.forRoot(context(gateway_bus)),
          AdminModule,
          PublicApiModule,
        ],
      });
      await app.listen(0, '127.0.0.1');
      gateways.push(app);
      gateway_urls.push(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
    }
  });

  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    for (const app of gateways) await app.close();
    for (const service of services.reverse()) await service.close();
    for (const created of buses) await created.close();
    await new Promise((resolve) => receiver.close(resolve));
    await dropDatabase(testAdminUrl(), database).catch(() => undefined);
  });

  function call(base_url: string, method: string, route: string, token?: string, body?: unknown) {
    return fetch(`${base_url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function openStream(base_url: string, token: string, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${base_url}/v1/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    let text = '';
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.body as ReadableStream<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
    await waitFor(() => text.includes(': connected'));
    return { ids: () => [...text.matchAll(/^id: (.*)$/gm)].map((match) => match[1] as string) };
  }

  it('streams from either gateway and delivers the signed webhook once per event', async () => {
    const [gateway_a, gateway_b] = gateway_urls as [string, string];
    const email = `dist-${suffix}@example.com`;
    const registered = await call(gateway_a, 'POST', '/v1/auth/register', undefined, {
      org: 'demo',
      type: 'person',
      email,
      password: 'correct horse battery',
      display_name: 'Kafka Reader',
    });
    expect(registered.status).toBe(201);
    const confirmed = await call(gateway_b, 'POST', '/v1/auth/register/confirm', undefined, {
      org: 'demo',
      email,
      code: '000000',
    });
    expect(confirmed.status).toBe(200);
    const session = (await confirmed.json()) as {
      access_token: string;
      account_id?: string;
      account?: { id: string };
    };
    const token = session.access_token;
    const account_id = session.account_id ?? session.account?.id ?? '';
    const port = (receiver.address() as AddressInfo).port;
    const subscribed = await call(gateway_b, 'POST', '/v1/webhooks/subscriptions', token, {
      event_type: 'transfer_received',
      callback_url: `http://127.0.0.1:${port}/hook`,
      secret: SECRET,
    });
    expect(subscribed.status).toBe(201);
    const on_a = await openStream(gateway_a, token);
    const on_b = await openStream(gateway_b, token);

    const transfer = async (amount: string) =>
      services_bus.publish('events.ledger', [
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
              amount,
              description: 'over kafka',
              created_at: new Date().toISOString(),
            },
          },
        },
      ]);
    await transfer('1.00');
    await transfer('2.00');
    await waitFor(() => on_a.ids().length === 2 && on_b.ids().length === 2);
    expect(on_b.ids()).toEqual(on_a.ids());

    await waitFor(() => hooks.length === 2);
    expect(new Set(hooks.map((hook) => hook.headers['x-webhook-event-id']))).toEqual(
      new Set(on_a.ids()),
    );
    for (const hook of hooks) {
      const timestamp = String(hook.headers['x-webhook-timestamp']);
      const expected = createHmac('sha256', SECRET)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), hook.raw_body]))
        .digest('hex');
      expect(hook.headers['x-webhook-signature']).toBe(expected);
    }

    // Resuming on the other gateway replays from the store, then goes live.
    const resumed = await openStream(gateway_a, token, { 'last-event-id': on_b.ids()[0] ?? '' });
    await waitFor(() => resumed.ids().length === 1);
    await transfer('3.00');
    await waitFor(() => resumed.ids().length === 2 && on_b.ids().length === 3);
    expect(resumed.ids()).toEqual(on_b.ids().slice(1));
  });
});
