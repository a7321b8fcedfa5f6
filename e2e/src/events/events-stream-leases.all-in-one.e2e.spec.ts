import { DomainError, STREAM_LEASE_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  eventsClient,
  eventually,
  expectError,
  http,
  openAccount,
  type SseClient,
} from '../clients';

/**
 * The stream limits are counted by the notifications service for every gateway (spec §8 and
 * §7): a lease per open stream, renewed on the heartbeat, expiring when nobody renews it.
 * "Another gateway" here is a caller of the lease commands on the bus, as a second gateway
 * process would be: one that takes a lease and dies never renews nor closes it. All-in-one only:
 * the suite holds the bus as that gateway, lets a lease lapse in the notifications tables and
 * stops the notifications service.
 */
describe('events: stream limits shared by every gateway', () => {
  const MAX_STREAMS_PER_ACCOUNT = 3;
  let platform: E2eAllInOnePlatform;
  let other_gateway: BusClient;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const opened: SseClient[] = [];

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'evleases',
      settings: {
        EVENTS_STREAM_HEARTBEAT_MS: '200',
        EVENTS_STREAM_LEASE_MS: '1500',
        EVENTS_MAX_STREAMS_PER_ACCOUNT: String(MAX_STREAMS_PER_ACCOUNT),
      },
    });
    other_gateway = new BusClient(platform.internals('test').bus, { validate_replies: true });
  });
  afterEach(() => opened.splice(0).forEach((stream) => stream.close()));
  afterAll(async () => platform.close());

  interface Owner {
    token: string;
    account_id: string;
    org_id: string;
  }

  async function account(): Promise<Owner> {
    const { access_token, account_id } = await openAccount(client, { label: 'leases' });
    // The organization a gateway reads from the session token, as the other gateway would.
    const claims = JSON.parse(
      Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { org_id: string };
    return { token: access_token, account_id, org_id: claims.org_id };
  }

  /** Opens `GET /v1/events`; a stream that opens stays open until the test ends. */
  async function openStream(token: string): Promise<SseClient> {
    const stream = await events.stream(token);
    opened.push(stream);
    return stream;
  }
  const statusOf = async (token: string) => (await openStream(token)).response.status;

  /** Leases the other gateway renews, as a live gateway does on its heartbeat. */
  const renewed_elsewhere = new Set<string>();
  const renewal = setInterval(() => {
    if (renewed_elsewhere.size === 0) return;
    void other_gateway
      .send(STREAM_LEASE_COMMANDS.renew_leases, { lease_ids: [...renewed_elsewhere] })
      .catch(() => undefined);
  }, 200);
  afterAll(() => clearInterval(renewal));

  /** A lease taken by another gateway: counted like a stream; renewed only when asked. */
  async function leaseElsewhere(
    owner: Owner,
    options: { renewed: boolean },
  ): Promise<string | DomainError> {
    try {
      const reply = await other_gateway.send(STREAM_LEASE_COMMANDS.open_lease, {
        client_ip: '198.51.100.7',
        org_id: owner.org_id,
        account_id: owner.account_id,
      });
      if (options.renewed) renewed_elsewhere.add(reply.lease_id);
      return reply.lease_id;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  }

  /** An opening refused with `{error, message}` (a stream that opened would never end). */
  const expectRefused = async (stream: SseClient, status: number, error: string) =>
    expectError(stream.response, status, error);

  it('frees the slots of a gateway that stopped renewing, and keeps those renewed', async () => {
    const owner = await account();
    expect(await statusOf(owner.token)).toBe(200);
    // The other gateway takes the remaining slots and dies.
    for (let slot = 1; slot < MAX_STREAMS_PER_ACCOUNT; slot += 1) {
      expect(typeof (await leaseElsewhere(owner, { renewed: false }))).toBe('string');
    }
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');

    // Its leases run out, each on its own (they were taken one after the other); this gateway's
    // stream, older than them, is renewed meanwhile.
    for (let slot = 1; slot < MAX_STREAMS_PER_ACCOUNT; slot += 1) {
      expect(await openWhenFree(owner.token)).toBe(200);
    }
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');
  });

  /** Opens a stream once a slot is free: the status of the one that opened. */
  const openWhenFree = (token: string) =>
    eventually(
      async () => {
        const again = await openStream(token);
        if (again.response.status !== 200) await again.response.body?.cancel();
        return again.response.status;
      },
      (status) => status === 200,
      DELIVERY_WAIT,
    );

  it('lets exactly the free slots be taken by many concurrent openings on two gateways', async () => {
    const owner = await account();
    expect(await statusOf(owner.token)).toBe(200);
    const free_slots = MAX_STREAMS_PER_ACCOUNT - 1;

    const [over_http, elsewhere] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => openStream(owner.token))),
      Promise.all(Array.from({ length: 8 }, () => leaseElsewhere(owner, { renewed: true }))),
    ]);
    const taken_here = over_http.filter((stream) => stream.response.status === 200).length;
    const taken_elsewhere = elsewhere.filter((outcome) => typeof outcome === 'string');
    expect(taken_here + taken_elsewhere.length).toBe(free_slots);
    for (const refused of over_http.filter((stream) => stream.response.status !== 200)) {
      await expectRefused(refused, 429, 'too_many_streams');
    }
    for (const refused of elsewhere.filter((outcome) => typeof outcome !== 'string')) {
      expect((refused as DomainError).code).toBe('too_many_streams');
    }

    // Closing a lease on the other gateway frees its slot at once for this one.
    for (const lease_id of taken_elsewhere as string[]) {
      renewed_elsewhere.delete(lease_id);
      await other_gateway.send(STREAM_LEASE_COMMANDS.close_lease, { lease_id });
    }
    for (let slot = 0; slot < taken_elsewhere.length; slot += 1) {
      expect(await statusOf(owner.token)).toBe(200);
    }
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');
  });

  it('ends a stream whose lease lapsed: its slot may belong to another stream by then', async () => {
    const owner = await account();
    const stream = await openStream(owner.token);
    expect(stream.response.status).toBe(200);
    // The renewals did not arrive in time (the gateway was cut off from the service a while).
    const pool = createPool({
      url: platform.internals('test').database_url,
      schema: 'notifications',
      max_connections: 1,
    });
    try {
      const lapsed = await pool.query(
        `update stream_leases set expires_at = clock_timestamp() - interval '1 second'
         where holder_id = $1`,
        [owner.account_id],
      );
      expect(lapsed.rowCount).toBe(1);
    } finally {
      await pool.end();
    }
    await eventually(async () => stream.ended, Boolean, DELIVERY_WAIT);
  });

  // Last: the notifications service stays down for the rest of this platform's life.
  it('answers 503 stream_unavailable rather than open a stream it cannot count', async () => {
    const owner = await account();
    const notifications = platform
      .internals('test')
      .services.find((service) => service.name === 'notifications');
    await notifications!.close();
    await expectRefused(await openStream(owner.token), 503, 'stream_unavailable');
  });
});
