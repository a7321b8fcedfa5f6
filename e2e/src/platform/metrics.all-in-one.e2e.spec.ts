import {
  DELIVERY_WAIT,
  eventsClient,
  eventually,
  http,
  payoutsClient,
  pix,
  startWebhookReceiver,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

/** One sample of the Prometheus text: `name{labels} value`. */
function samplesOf(text: string, name: string): { labels: string; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      const labels = line.includes('{') ? line.slice(line.indexOf('{'), line.indexOf('}') + 1) : '';
      return { labels, value };
    });
}

/**
 * Business metrics on `/metrics` (operator token): a payout and a webhook delivery show in the
 * series an operator scrapes. All-in-one only: one process, so the gateway's `/metrics` holds
 * every service's series.
 */
describe('/metrics: business metrics', () => {
  let platform: E2eAllInOnePlatform;
  let receiver: WebhookReceiver;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'metrics',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '50', SANDBOX_STEP_MS: '40' },
    });
    receiver = await startWebhookReceiver();
    owner = await payoutsClient(platform.environments.test).register();
  });
  afterAll(async () => {
    await receiver.close();
    await platform.close();
  });

  const scrape = async (): Promise<string> => {
    const response = await http(platform.environments.test).operator('GET', '/metrics');
    expect(response.status).toBe(200);
    return response.text();
  };

  it('refuses a scrape without the operator token, saying it is needed', async () => {
    const response = await http(platform.environments.test).request('GET', '/metrics');
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('unauthorized');
    expect(body.message).toContain('operator token');
  });

  it('counts payouts by status, webhook deliveries by outcome and the outbox depth', async () => {
    const subscribed = await eventsClient(platform.environments.test).subscription(
      owner.access_token,
      { event_type: '*', callback_url: receiver.url(), secret: 'whsec_metrics_secret_value' },
    );
    expect(subscribed.id).toEqual(expect.any(String));
    const created = await http(platform.environments.test).request('POST', '/v1/payouts', {
      headers: owner.headers,
      body: pix('15.00', { idempotency_key: `metrics-${Date.now()}` }),
    });
    expect(created.status).toBe(202);
    await eventually(
      async () => receiver.received.length,
      (count) => count > 0,
      DELIVERY_WAIT,
    );

    const text = await eventually(scrape, (body) =>
      samplesOf(body, 'webhook_deliveries_total').some(
        ({ labels, value }) => labels.includes('outcome="delivered"') && value >= 1,
      ),
    );
    const payouts = samplesOf(text, 'payouts_by_status').filter(({ labels }) =>
      labels.includes('environment="test"'),
    );
    expect(payouts.length).toBeGreaterThan(0);
    expect(payouts.reduce((sum, { value }) => sum + value, 0)).toBeGreaterThanOrEqual(1);
    expect(payouts.every(({ value }) => Number.isInteger(value) && value >= 0)).toBe(true);
    const outbox = samplesOf(text, 'outbox_unpublished_rows');
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every(({ value }) => Number.isInteger(value) && value >= 0)).toBe(true);
    const outbox_age = samplesOf(text, 'outbox_oldest_unpublished_age_seconds');
    expect(outbox_age.length).toBe(outbox.length);
    expect(outbox_age.every(({ value }) => value >= 0)).toBe(true);
  });

  it('shows each projection and relay lag, down to 0 events behind once caught up', async () => {
    const created = await http(platform.environments.test).request('POST', '/v1/payouts', {
      headers: owner.headers,
      body: pix('2.50', { idempotency_key: `metrics-lag-${Date.now()}` }),
    });
    expect(created.status).toBe(202);
    const lagOf = (body: string) => ({
      events: samplesOf(body, 'projection_lag_events'),
      seconds: samplesOf(body, 'projection_lag_seconds'),
    });
    const first = lagOf(await scrape());
    expect(first.events.length).toBeGreaterThan(0);
    expect([...first.events, ...first.seconds].every(({ value }) => value >= 0)).toBe(true);

    const caught_up = lagOf(
      await eventually(
        scrape,
        (body) => {
          const { events, seconds } = lagOf(body);
          return events.length > 0 && [...events, ...seconds].every(({ value }) => value === 0);
        },
        DELIVERY_WAIT,
      ),
    );
    // The ledger's projections and every service's relay to the bus, each with both series.
    const projections = caught_up.events.map(({ labels }) => labels);
    expect(projections).toEqual(
      expect.arrayContaining([
        expect.stringContaining('projection="projection:ledger"'),
        expect.stringContaining('projection="relay:events.payouts"'),
      ]),
    );
    expect(caught_up.seconds.map(({ labels }) => labels).sort()).toEqual(projections.sort());
  });

  it('counts the transfers the ledger writes and the appends that carried them', async () => {
    const totalOf = (body: string, name: string) =>
      samplesOf(body, name).reduce((sum, { value }) => sum + value, 0);
    const counted = (body: string) => ({
      appends: totalOf(body, 'ledger_transfer_appends_total'),
      transfers: totalOf(body, 'ledger_transfers_appended_total'),
    });
    const before = counted(await scrape());
    const payee = await payoutsClient(platform.environments.test).register();
    const key = `metrics-transfer-${Date.now()}`;
    const send = () =>
      http(platform.environments.test).request('POST', '/v1/transfers', {
        headers: owner.headers,
        body: {
          recipient: payee.email,
          asset: 'USD',
          amount: '1.25',
          idempotency_key: key,
        },
      });
    const first = await send();
    expect(`${first.status} ${await first.clone().text()}`).toMatch(/^201 /);
    // The same key again is answered from the first: no transfer is written, nothing counted.
    expect((await send()).status).toBe(201);
    const after = counted(await scrape());
    expect(after.appends - before.appends).toBe(1);
    expect(after.transfers - before.transfers).toBe(1);
  });
});
