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
  settingsOf,
  type PlatformContext,
  type RunningService,
} from '@platform/runtime';
import {
  AdminModule,
  createGatewayApp,
  gatewaySettingsSchema,
  PublicApiModule,
} from '@platform/svc-gateway';
import { testAdminUrl } from '@platform/testing';
import { BUS_SERVICES } from './services';
import { TEST_OPERATOR_TOKEN } from './test-platform';

/**
 * Webhook delivery and the event stream on Kafka, with two gateways: any gateway serves any
 * account's stream (each gateway holds a broadcast subscription to `public-events`), and the
 * stream limits hold across both (the notifications service counts them for every gateway).
 */
jest.setTimeout(240_000);

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const SECRET = 'whsec_distributed_secret';
const MAX_STREAMS_PER_ACCOUNT = 3;
const OPENINGS_PER_HOUR = 40;

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
  /** Every stream opening of this suite comes from 127.0.0.1; those past the address check. */
  let counted_openings = 0;

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
      raw_settings: {
        ...process.env,
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '100',
        EVENTS_MAX_STREAMS_PER_ACCOUNT: String(MAX_STREAMS_PER_ACCOUNT),
        EVENTS_STREAM_OPENINGS_PER_HOUR: String(OPENINGS_PER_HOUR),
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
      const gateway_context = context(gateway_bus);
      const app = await createGatewayApp({
        environment: 'test',
        settings: settingsOf(gatewaySettingsSchema, gateway_context),
        imports: [PlatformContextModule.forRoot(gateway_context), AdminModule, PublicApiModule],
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

  /**
   * Asks for a stream: an open one is `{status: 200, close}`, a refusal its status and error.
   * An opening counts against the address unless it is refused as rate_limited.
   */
  async function tryStream(base_url: string, token: string, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${base_url}/v1/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    const error =
      response.status === 200 ? null : ((await response.json()) as { error: string }).error;
    if (error !== 'rate_limited') counted_openings += 1;
    return { response, status: response.status, error, close: () => abort.abort() };
  }

  async function registerAccount(email: string): Promise<{ token: string; account_id: string }> {
    const [gateway_a, gateway_b] = gateway_urls as [string, string];
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
    return {
      token: session.access_token,
      account_id: session.account_id ?? session.account?.id ?? '',
    };
  }

  async function openStream(base_url: string, token: string, headers: Record<string, string> = {}) {
    const { response, status } = await tryStream(base_url, token, headers);
    expect(status).toBe(200);
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
    const { token, account_id } = await registerAccount(`dist-${suffix}@example.com`);
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

  it('counts an account’s streams once across both gateways, and frees a closed one at once', async () => {
    const [gateway_a, gateway_b] = gateway_urls as [string, string];
    const { token } = await registerAccount(`dist-limit-${suffix}@example.com`);
    const opened = [
      await tryStream(gateway_a, token),
      await tryStream(gateway_b, token),
      await tryStream(gateway_a, token),
    ];
    expect(opened.map((stream) => stream.status)).toEqual([200, 200, 200]);
    for (const base_url of [gateway_b, gateway_a]) {
      const refused = await tryStream(base_url, token);
      expect([refused.status, refused.error]).toEqual([429, 'too_many_streams']);
    }

    // The stream closed on gateway B gives its slot back for either gateway.
    opened[1]!.close();
    let reopened = await tryStream(gateway_a, token);
    await waitFor(async () => {
      if (reopened.status === 200) return true;
      expect([reopened.status, reopened.error]).toEqual([429, 'too_many_streams']);
      await new Promise((resolve) => setTimeout(resolve, 250));
      reopened = await tryStream(gateway_a, token);
      return false;
    });
    const refused = await tryStream(gateway_b, token);
    expect([refused.status, refused.error]).toEqual([429, 'too_many_streams']);
  });

  it('counts the openings from one address once across both gateways', async () => {
    const gateways_in_turn = gateway_urls as [string, string];
    const { token } = await registerAccount(`dist-window-${suffix}@example.com`);
    // Past the account's ceiling openings are refused as too_many_streams, and still count.
    let turn = 0;
    let last = await tryStream(gateways_in_turn[turn % 2]!, token);
    while (last.error !== 'rate_limited' && turn < OPENINGS_PER_HOUR * 2) {
      turn += 1;
      last = await tryStream(gateways_in_turn[turn % 2]!, token);
    }
    expect([last.status, last.error]).toEqual([429, 'rate_limited']);
    expect(counted_openings).toBe(OPENINGS_PER_HOUR);
    const on_the_other = await tryStream(gateways_in_turn[(turn + 1) % 2]!, token);
    expect([on_the_other.status, on_the_other.error]).toEqual([429, 'rate_limited']);
  });
});
