import {
  HEALTH_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  type CommandService,
  type SendMessageCommand,
} from '@platform/contracts';
import { createPool } from '@platform/persistence';
import { BusClient, type DeliveredMessage } from '@platform/messaging';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN as OPERATOR_TOKEN,
  type TestPlatform,
} from './test-platform';

describe('all-in-one runtime', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform('aio');
  });
  afterAll(async () => platform.dispose());

  const admin = (environment: 'test' | 'live', route: string, init: RequestInit = {}) =>
    fetch(`${platform.environments[environment].base_url}${route}`, {
      ...init,
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });

  it('serves both environments, each saying which it is', async () => {
    for (const environment of ['test', 'live'] as const) {
      const response = await fetch(`${platform.environments[environment].base_url}/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get('service-environment')).toBe(environment);
      expect(await response.json()).toMatchObject({
        status: 'ok',
        livemode: environment === 'live',
      });
    }
  });

  it('boots every bus service, each answering its health command over the bus', async () => {
    const services: CommandService[] = [
      'identity',
      'ledger',
      'payouts',
      'payins',
      'crypto-wallets',
      'compliance',
      'risk-scoring',
      'notifications',
      'cards',
      'banking',
    ];
    for (const environment of ['test', 'live'] as const) {
      const replies = await Promise.all(
        services.map((service) =>
          platform.environments[environment].bus.request(HEALTH_COMMANDS[service].name, {}),
        ),
      );
      expect(replies).toEqual(
        services.map((service) => ({ ok: true, value: { service, status: 'ok' } })),
      );
    }
  });

  it('serves Prometheus metrics to the operator, with request durations by route template', async () => {
    expect((await fetch(`${platform.environments.test.base_url}/metrics`)).status).toBe(401);
    await fetch(`${platform.environments.test.base_url}/healthz`);
    const response = await admin('test', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /http_server_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} [1-9]/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('answers an unknown route with 404 not_found in the error body', async () => {
    const response = await fetch(`${platform.environments.test.base_url}/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('seeds the demo organization in each environment, separately', async () => {
    for (const environment of ['test', 'live'] as const) {
      const body = (await (await admin(environment, '/admin/v1/organizations')).json()) as {
        organizations: { slug: string; timezone: string; org_id: string }[];
      };
      expect(body.organizations.map((o) => o.slug)).toEqual(['demo']);
      expect(body.organizations[0]?.timezone).toBe('America/New_York');
    }
  });

  it('keeps no message for consumer groups once its services are up', async () => {
    for (const environment of ['test', 'live'] as const) {
      const { bus } = platform.environments[environment];
      const topic = 'events.retention-probe';
      const publish = (id: string) => bus.publish(topic, [{ id, key: 'probe', payload: id }]);
      await publish(`before-${environment}`);
      const seen: unknown[] = [];
      const subscription = await bus.subscribe({
        topics: [topic],
        group: 'late-probe',
        handler: async (message) => void seen.push(message.payload),
      });
      await publish(`after-${environment}`);
      for (let i = 0; i < 100 && !seen.includes(`after-${environment}`); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await subscription.close();
      // Booting, a group that joined late read what came before it; a group joining now does not.
      expect(seen).toEqual([`after-${environment}`]);
    }
  });

  it('creates an organization through the bus and publishes its event after commit, in that environment only', async () => {
    const seen: { test: DeliveredMessage[]; live: DeliveredMessage[] } = { test: [], live: [] };
    const subscriptions = await Promise.all(
      (['test', 'live'] as const).map((environment) =>
        platform.environments[environment].bus.subscribe({
          topics: ['events.identity'],
          group: `probe-${environment}`,
          handler: async (message) => void seen[environment].push(message),
        }),
      ),
    );
    const created = await admin('test', '/admin/v1/organizations', {
      method: 'POST',
      body: JSON.stringify({ slug: 'acme', name: 'Acme', timezone: 'America/Lima', locale: 'es' }),
    });
    expect(created.status).toBe(201);
    const organization = (await created.json()) as { org_id: string; slug: string };
    expect(organization.slug).toBe('acme');

    for (
      let i = 0;
      i < 100 &&
      !seen.test.some((m) => (m.payload as { data: { slug: string } }).data.slug === 'acme');
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const event = seen.test.find(
      (m) => (m.payload as { data: { slug: string } }).data.slug === 'acme',
    );
    expect(event?.payload).toMatchObject({
      type: 'identity.organization_created',
      org_id: organization.org_id,
      environment: 'test',
    });
    expect(
      seen.live.some((m) => (m.payload as { data: { slug: string } }).data.slug === 'acme'),
    ).toBe(false);
    await Promise.all(subscriptions.map((s) => s.close()));

    // The notifications service took the event in through its inbox, once.
    const pool = createPool({ url: platform.environments.test.database_url, max_connections: 1 });
    let applied: { applied_count: number }[] = [];
    for (let i = 0; i < 100 && applied.length === 0; i++) {
      ({ rows: applied } = await pool.query(
        'select applied_count from notifications.domain_events where event_id = $1',
        [(event!.payload as { event_id: string }).event_id],
      ));
      if (applied.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await pool.end();
    expect(applied).toEqual([{ applied_count: 1 }]);

    const duplicate = await admin('test', '/admin/v1/organizations', {
      method: 'POST',
      body: JSON.stringify({ slug: 'acme', name: 'Again' }),
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ error: 'duplicate' });
    const live_list = (await (await admin('live', '/admin/v1/organizations')).json()) as {
      organizations: { slug: string }[];
    };
    expect(live_list.organizations.map((o) => o.slug)).toEqual(['demo']);
  });

  it('creates organization admins with a validated email and password', async () => {
    const weak = await admin('test', '/admin/v1/organizations/demo/admins', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'short' }),
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: 'weak_password' });
    const unknown = await admin('test', '/admin/v1/organizations/nope/admins', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'long enough' }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'unknown_org' });
    const created = await admin('test', '/admin/v1/organizations/demo/admins', {
      method: 'POST',
      body: JSON.stringify({ email: 'Boss@Demo.Example', password: 'long enough' }),
    });
    expect(created.status).toBe(201);
    const listed = (await (await admin('test', '/admin/v1/organizations/demo/admins')).json()) as {
      admins: { email: string }[];
    };
    expect(listed.admins.map((a) => a.email)).toEqual(['boss@demo.example']);
    expect(JSON.stringify(listed)).not.toContain('password');
  });

  it('refuses the admin surface without the operator credential', async () => {
    const response = await fetch(`${platform.environments.test.base_url}/admin/v1/organizations`, {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('keeps a mailbox of messages to people that the operator can list', async () => {
    const bus = new BusClient(platform.environments.test.bus, { validate_replies: true });
    await bus.send(NOTIFICATIONS_COMMANDS.send_message, {
      channel: 'email',
      recipient: 'x@example.com',
      subject: 'Hi',
      body: 'Your code is 123456',
      account_id: 'acc-1',
    });
    const body = (await (await admin('test', '/admin/v1/mailbox')).json()) as {
      messages: { recipient: string; body: string }[];
    };
    expect(body.messages[0]).toMatchObject({
      recipient: 'x@example.com',
      body: 'Your code is 123456',
    });
    const live = (await (await admin('live', '/admin/v1/mailbox')).json()) as {
      messages: unknown[];
    };
    expect(live.messages).toEqual([]);
  });

  it('refuses a message on a channel it does not know with invalid_channel, keeping nothing', async () => {
    const bus = new BusClient(platform.environments.test.bus);
    const recipient = 'pigeon@example.com';
    const pigeon = { channel: 'pigeon', recipient, body: 'hi' } as unknown as SendMessageCommand;
    await expect(bus.send(NOTIFICATIONS_COMMANDS.send_message, pigeon)).rejects.toMatchObject({
      code: 'invalid_channel',
    });
    const { messages } = await bus.send(NOTIFICATIONS_COMMANDS.list_mailbox, {});
    expect(messages.map((message) => message.recipient)).not.toContain(recipient);
  });
});
