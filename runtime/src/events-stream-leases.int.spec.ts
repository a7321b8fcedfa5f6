import { STREAM_LEASE_COMMANDS, DomainError } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { createPool } from '@platform/persistence';
import { expectError, identityClient, uniqueEmail } from './identity-test-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * The stream limits are counted by the notifications service for every gateway (spec §8 and
 * §7): a lease per open stream, renewed on the heartbeat, expiring when nobody renews it.
 * "Another gateway" here is a caller of the lease commands on the bus, as a second gateway
 * process would be: one that takes a lease and dies never renews nor closes it.
 */
describe('events: stream limits shared by every gateway', () => {
  const MAX_STREAMS_PER_ACCOUNT = 3;
  let platform: TestPlatform;
  let base_url: string;
  let other_gateway: BusClient;
  const opened: AbortController[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform('evleases', {
      EVENTS_STREAM_HEARTBEAT_MS: '200',
      EVENTS_STREAM_LEASE_MS: '1500',
      EVENTS_MAX_STREAMS_PER_ACCOUNT: String(MAX_STREAMS_PER_ACCOUNT),
    });
    base_url = platform.environments.test.base_url;
    other_gateway = new BusClient(platform.environments.test.bus, { validate_replies: true });
  });
  afterEach(() => opened.splice(0).forEach((stream) => stream.abort()));
  afterAll(async () => platform.dispose());

  interface Owner {
    token: string;
    account_id: string;
    org_id: string;
  }

  async function account(): Promise<Owner> {
    const session = await identityClient(base_url).registerAndConfirm(uniqueEmail('leases'));
    // The organization a gateway reads from the session token, as the other gateway would.
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { org_id: string };
    return {
      token: session.access_token,
      account_id: session.account_id ?? session.account?.id ?? '',
      org_id: claims.org_id,
    };
  }

  /** Opens `GET /v1/events`; a stream that opens stays open until the test ends. */
  async function openStream(token: string): Promise<Response> {
    const abort = new AbortController();
    const response = await fetch(`${base_url}/v1/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status === 200) opened.push(abort);
    return response;
  }

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
  async function expectRefused(response: Response, status: number, error: string) {
    expect(response.status).toBe(status);
    await expectError(response, status, error);
  }

  async function waitFor(condition: () => Promise<boolean>, timeout_ms = 30_000) {
    const deadline = Date.now() + timeout_ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('frees the slots of a gateway that stopped renewing, and keeps those renewed', async () => {
    const owner = await account();
    const kept = await openStream(owner.token);
    expect(kept.status).toBe(200);
    // The other gateway takes the remaining slots and dies.
    for (let slot = 1; slot < MAX_STREAMS_PER_ACCOUNT; slot += 1) {
      expect(typeof (await leaseElsewhere(owner, { renewed: false }))).toBe('string');
    }
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');

    // Its leases run out; this gateway's stream, older than them, is renewed meanwhile.
    await waitFor(async () => {
      const again = await openStream(owner.token);
      if (again.status !== 200) await again.body?.cancel();
      return again.status === 200;
    });
    expect((await openStream(owner.token)).status).toBe(200);
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');
  });

  it('lets exactly the free slots be taken by many concurrent openings on two gateways', async () => {
    const owner = await account();
    expect((await openStream(owner.token)).status).toBe(200);
    const free_slots = MAX_STREAMS_PER_ACCOUNT - 1;

    const [over_http, elsewhere] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => openStream(owner.token))),
      Promise.all(Array.from({ length: 8 }, () => leaseElsewhere(owner, { renewed: true }))),
    ]);
    const taken_here = over_http.filter((response) => response.status === 200).length;
    const taken_elsewhere = elsewhere.filter((outcome) => typeof outcome === 'string');
    expect(taken_here + taken_elsewhere.length).toBe(free_slots);
    for (const refused of over_http.filter((response) => response.status !== 200)) {
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
      expect((await openStream(owner.token)).status).toBe(200);
    }
    await expectRefused(await openStream(owner.token), 429, 'too_many_streams');
  });

  it('ends a stream whose lease lapsed: its slot may belong to another stream by then', async () => {
    const owner = await account();
    const stream = await openStream(owner.token);
    expect(stream.status).toBe(200);
    let ended = false;
    void (async () => {
      try {
        for await (const _chunk of stream.body as ReadableStream<Uint8Array>) {
          // read until the server ends the response
        }
        ended = true;
      } catch {
        // aborted by the test
      }
    })();
    // The renewals did not arrive in time (the gateway was cut off from the service a while).
    const pool = createPool({
      url: platform.environments.test.database_url,
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
    await waitFor(async () => ended);
  });

  // Last: the notifications service stays down for the rest of this platform's life.
  it('answers 503 stream_unavailable rather than open a stream it cannot count', async () => {
    const owner = await account();
    const notifications = platform.environments.test.services.find(
      (service) => service.name === 'notifications',
    );
    await notifications!.close();
    await expectRefused(await openStream(owner.token), 503, 'stream_unavailable');
  });
});
