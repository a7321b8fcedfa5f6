import { randomUUID } from 'node:crypto';
import { startTestPlatform, type TestPlatform } from './test-platform';

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** An open SSE connection read frame by frame, as a browser's EventSource would. */
class SseClient {
  readonly frames: Frame[] = [];
  private buffer = '';
  /** The server ended the response. */
  ended = false;
  private readonly abort = new AbortController();
  response!: Response;

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    client.response = await fetch(url, { headers, signal: client.abort.signal });
    if (client.response.ok && client.response.body) void client.pump(client.response.body);
    return client;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.frames.push(parseFrame(this.buffer.slice(0, end)));
          this.buffer = this.buffer.slice(end + 2);
        }
      }
      this.ended = true;
    } catch {
      // closed by the test
    }
  }

  events(): Frame[] {
    return this.frames.filter((frame) => frame.id !== undefined);
  }

  close(): void {
    this.abort.abort();
  }
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(': ')) frame.comment = line.slice(2);
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  return frame;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 30_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('events: history listing and the SSE stream', () => {
  let platform: TestPlatform;
  let base_url: string;
  let counter = 0;
  const clients: SseClient[] = [];
  let lingering: SseClient;

  beforeAll(async () => {
    platform = await startTestPlatform('events', {
      EVENTS_STREAM_HEARTBEAT_MS: '300',
      EVENTS_MAX_STREAMS_PER_ACCOUNT: '2',
      EVENTS_STREAM_OPENINGS_PER_HOUR: '40',
    });
    base_url = platform.environments.test.base_url;
    // Left open on purpose: shutting the platform down must end it rather than wait for it.
    lingering = await SseClient.open(`${base_url}/v1/events`, {
      authorization: `Bearer ${(await account()).token}`,
    });
    expect(lingering.response.status).toBe(200);
  });
  afterEach(() => clients.splice(0).forEach((client) => client.close()));
  afterAll(async () => {
    await platform.dispose();
    await waitFor(() => lingering.ended);
  });

  interface Owner {
    token: string;
    account_id: string;
    org_id: string;
  }

  async function account(): Promise<Owner> {
    const email = `events-${Date.now()}-${++counter}@example.com`;
    const post = (route: string, body: unknown) =>
      fetch(`${base_url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/v1/auth/register', {
          org: 'demo',
          type: 'person',
          email,
          password: 'correct horse battery',
          display_name: 'Stream Reader',
        })
      ).status,
    ).toBe(201);
    const confirmed = await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    });
    const session = (await confirmed.json()) as {
      access_token: string;
      account_id?: string;
      account?: { id: string };
    };
    return {
      token: session.access_token,
      account_id: session.account_id ?? session.account?.id ?? '',
      org_id: 'demo',
    };
  }

  async function stream(owner: Owner, query = '', headers: Record<string, string> = {}) {
    const client = await SseClient.open(`${base_url}/v1/events${query}`, {
      authorization: `Bearer ${owner.token}`,
      accept: 'text/event-stream',
      ...headers,
    });
    clients.push(client);
    return client;
  }

  function history(owner: Owner, query = '') {
    return fetch(`${base_url}/v1/events${query}`, {
      headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' },
    });
  }

  /** A contract-shaped domain event, published on its producer's topic. */
  async function publish(
    owner: Owner,
    topic: string,
    type: string,
    data: Record<string, unknown>,
    occurred_at = new Date().toISOString(),
  ) {
    await platform.environments.test.bus.publish(topic, [
      {
        id: randomUUID(),
        key: owner.account_id,
        payload: {
          event_id: randomUUID(),
          type,
          version: 1,
          stream: `${type}-${randomUUID()}`,
          position: '1',
          occurred_at,
          org_id: owner.org_id,
          account_id: owner.account_id,
          environment: 'test',
          correlation_id: null,
          causation_id: null,
          data,
        },
      },
    ]);
  }

  const transferTo = (owner: Owner, amount: string) =>
    publish(owner, 'events.ledger', 'ledger.transfer_received', {
      transfer_id: randomUUID(),
      from_account_id: randomUUID(),
      to_account_id: owner.account_id,
      asset: 'USD',
      amount,
      description: `transfer ${amount}`,
      created_at: new Date().toISOString(),
    });

  const payinCredited = (owner: Owner, local_amount: string) =>
    publish(owner, 'events.payins', 'payins.payin_credited', {
      payin_id: randomUUID(),
      account_id: owner.account_id,
      country: 'US',
      currency: 'USD',
      local_amount,
      fx_rate: '1',
      usdt_credited: local_amount,
      fee: '0.00',
      idempotency_key: 'payin-key-1',
    });

  async function listed(owner: Owner, query = ''): Promise<Record<string, any>[]> {
    const response = await history(owner, query);
    expect(response.status).toBe(200);
    return ((await response.json()) as { events: Record<string, any>[] }).events;
  }

  const amountOf = (frame: Frame) =>
    (JSON.parse(frame.data ?? '{}') as { data: { amount?: string; local_amount?: string } }).data;

  describe('history (Accept: application/json)', () => {
    it('lists the account’s public events newest first, filtered by types', async () => {
      const owner = await account();
      const other = await account();
      await transferTo(owner, '1.00');
      await waitFor(async () => (await listed(owner)).length === 1);
      await payinCredited(owner, '2.00');
      await transferTo(other, '9.00');
      await waitFor(async () => (await listed(owner)).length === 2);
      const response = await history(owner);
      const body = (await response.json()) as { page: number; page_size: number; events: any[] };
      expect(body.page).toBe(1);
      expect(body.page_size).toBe(20);
      expect(body.events.map((event) => event.type)).toEqual([
        'payin_credited',
        'transfer_received',
      ]);
      expect(body.events[0]).toEqual({
        id: expect.stringMatching(/^evt_/),
        type: 'payin_credited',
        created_at: expect.any(String),
        livemode: false,
        data: {
          payin_id: expect.any(String),
          account_id: owner.account_id,
          country: 'US',
          currency: 'USD',
          local_amount: '2.00',
          fx_rate: '1',
          usdt_credited: '2.00',
          fee: '0.00',
          idempotency_key: 'payin-key-1',
        },
      });
      const transfers = await listed(owner, '?types=transfer_received');
      expect(transfers.map((event) => event.data.amount)).toEqual(['1.00']);
      const paged = (await (await history(owner, '?page=2&page_size=1')).json()) as any;
      expect(paged).toMatchObject({ page: 2, page_size: 1 });
      expect(paged.events.map((event: any) => event.type)).toEqual(['transfer_received']);
      expect(await listed(owner, '?from=2000-01-01&to=2000-01-02')).toEqual([]);
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await listed(owner, `?from=2000-01-01&to=${tomorrow}`)).length).toBe(2);
    });

    it('reads from and to as dates in the organization timezone (demo: America/New_York)', async () => {
      const owner = await account();
      // 03:00 UTC on the 15th is 22:00 on the 14th in New York.
      await publish(
        owner,
        'events.ledger',
        'ledger.transfer_received',
        {
          transfer_id: randomUUID(),
          from_account_id: randomUUID(),
          to_account_id: owner.account_id,
          asset: 'USD',
          amount: '1.50',
          description: 'late evening',
          created_at: '2026-01-15T03:00:00.000Z',
        },
        '2026-01-15T03:00:00.000Z',
      );
      await waitFor(async () => (await listed(owner)).length === 1);
      expect(await listed(owner, '?from=2026-01-14&to=2026-01-14')).toHaveLength(1);
      expect(await listed(owner, '?from=2026-01-15&to=2026-01-15')).toEqual([]);
      const bad = await history(owner, '?from=15-01-2026');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe('invalid_request');
    });

    it('answers 400 invalid_event_type for an unknown type', async () => {
      const owner = await account();
      const response = await history(owner, '?types=transfer_received,payout_created');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'invalid_event_type',
        message: expect.any(String),
      });
    });
  });

  describe('stream', () => {
    it('sends headers and ": connected" at once, heartbeats, then live events as D7 frames', async () => {
      const owner = await account();
      const client = await stream(owner);
      expect(client.response.status).toBe(200);
      expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(client.response.headers.get('service-environment')).toBe('test');
      await waitFor(() => client.frames.length > 0);
      expect(client.frames[0]).toEqual({ comment: 'connected' });
      await waitFor(() => client.frames.some((frame) => frame.comment === 'heartbeat'));
      await transferTo(owner, '3.00');
      await waitFor(() => client.events().length === 1);
      const [frame] = client.events();
      const event = JSON.parse(frame?.data ?? '{}') as Record<string, unknown>;
      expect(frame?.event).toBe('transfer_received');
      expect(frame?.id).toBe(event.id);
      expect(event).toMatchObject({ type: 'transfer_received', livemode: false });
      expect(event.data).toMatchObject({ to_account_id: owner.account_id, amount: '3.00' });
      expect(event.data).not.toHaveProperty('idempotency_key');
    });

    it('streams only the account’s own events and the requested types', async () => {
      const owner = await account();
      const other = await account();
      const client = await stream(owner, '?types=payin_credited');
      await waitFor(() => client.frames.length > 0);
      await transferTo(owner, '4.00');
      await transferTo(other, '5.00');
      await payinCredited(owner, '6.00');
      await waitFor(() => client.events().length === 1);
      await settle();
      expect(client.events().map((frame) => frame.event)).toEqual(['payin_credited']);
      const bad = await stream(owner, '?types=nope');
      expect(bad.response.status).toBe(400);
      expect(await bad.response.json()).toEqual({
        error: 'invalid_event_type',
        message: expect.any(String),
      });
    });

    it('replays after Last-Event-ID with no gap and no duplicate, then goes live', async () => {
      const owner = await account();
      for (const amount of ['1.00', '2.00', '3.00']) await transferTo(owner, amount);
      await waitFor(async () => (await listed(owner)).length === 3);
      const [third, second, first] = await listed(owner);
      const resumed = await stream(owner, '', { 'last-event-id': first?.id });
      await waitFor(() => resumed.events().length === 2);
      expect(resumed.events().map((frame) => frame.id)).toEqual([second?.id, third?.id]);
      await transferTo(owner, '4.00');
      await waitFor(() => resumed.events().length === 3);
      await settle();
      expect(resumed.events().map((frame) => amountOf(frame).amount)).toEqual([
        '2.00',
        '3.00',
        '4.00',
      ]);

      // The query form, racing live events published while the replay runs.
      const racing = await stream(owner, `?last_event_id=${second?.id}`);
      await Promise.all([transferTo(owner, '5.00'), transferTo(owner, '6.00')]);
      await waitFor(() => racing.events().length === 4);
      await settle();
      const amounts = racing.events().map((frame) => amountOf(frame).amount);
      expect(amounts.slice(0, 2)).toEqual(['3.00', '4.00']);
      expect([...amounts.slice(2)].sort()).toEqual(['5.00', '6.00']);
    });

    it('sends one snapshot frame without an id first, when asked', async () => {
      const owner = await account();
      const client = await stream(owner, '?snapshot=true');
      await waitFor(() => client.frames.length >= 2);
      expect(client.frames[0]).toEqual({ comment: 'connected' });
      const snapshot = client.frames[1];
      expect(snapshot?.event).toBe('snapshot');
      expect(snapshot?.id).toBeUndefined();
      const balances = JSON.parse(snapshot?.data ?? '{}') as { balances?: { asset: string }[] };
      expect(balances.balances?.map((row) => row.asset)).toContain('USD');
    });

    it('refuses a third concurrent stream of one account with 429 too_many_streams', async () => {
      const owner = await account();
      const first = await stream(owner);
      const second = await stream(owner);
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      const third = await stream(owner);
      expect(third.response.status).toBe(429);
      expect(await third.response.json()).toEqual({
        error: 'too_many_streams',
        message: expect.any(String),
      });
      first.close();
      await waitFor(async () => {
        const again = await stream(owner);
        if (again.response.status !== 200) await again.response.body?.cancel();
        return again.response.status === 200;
      });
    });

    // Last: it spends the address's openings for the rest of this platform's life.
    it('answers 429 rate_limited past the openings allowed per address per hour', async () => {
      const owner = await account();
      const statuses: number[] = [];
      for (let opening = 0; opening < 45; opening += 1) {
        const client = await stream(owner);
        statuses.push(client.response.status);
        if (client.response.status === 429) {
          expect(await client.response.json()).toEqual({
            error: 'rate_limited',
            message: expect.any(String),
          });
          break;
        }
        client.close();
      }
      expect(statuses[statuses.length - 1]).toBe(429);
      expect(statuses.length).toBeLessThanOrEqual(41);
    });
  });
});
