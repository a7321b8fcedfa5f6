import { randomUUID } from 'node:crypto';
import { identityClient, TEST_PASSWORD, uniqueEmail } from './identity-test-client';
import { startTestPlatform, TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

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

/** The `data.description` of a transfer frame or listed event: the test's marker. */
const markerOf = (event: { data?: { description?: string } }) => event.data?.description ?? '';
const frameMarker = (frame: Frame) =>
  markerOf(JSON.parse(frame.data ?? '{}') as { data?: { description?: string } });

/**
 * Replay-2 and replay-3 belong to two accounts and were published back to back, so the projection
 * may have ordered them either way; replay-4 came once both were streamed, so it is last.
 */
function inReplayOrder(markers: string[]): string[] {
  return [...markers.slice(0, 2).sort(), ...markers.slice(2)];
}

describe('events: the organization-wide stream and history of an organization admin', () => {
  let platform: TestPlatform;
  let base_url: string;
  let client: ReturnType<typeof identityClient>;
  const clients: SseClient[] = [];
  let admin_token: string;
  let first: { token: string; account_id: string };
  let second: { token: string; account_id: string };
  let outsider: { token: string; account_id: string };
  let other_admin_token: string;

  const operatorPost = (route: string, body: unknown) =>
    client.request('POST', route, { token: TEST_OPERATOR_TOKEN, body });

  async function member(org: string) {
    const email = uniqueEmail(`org-events-${org}`);
    expect((await client.register(email, { org })).status).toBe(201);
    const confirmed = await client.request('POST', '/v1/auth/register/confirm', {
      body: { org, email, code: '000000' },
    });
    expect(confirmed.status).toBe(200);
    const session = await client.json<{ access_token: string; account?: { id: string } }>(
      confirmed,
    );
    return { token: session.access_token, account_id: session.account?.id ?? '' };
  }

  async function adminOf(org: string): Promise<string> {
    const email = uniqueEmail(`org-events-admin-${org}`);
    const created = await operatorPost(`/admin/v1/organizations/${org}/admins`, {
      email,
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(201);
    const login = await client.login(email, TEST_PASSWORD, org);
    expect(login.status).toBe(200);
    return (await client.json<{ access_token: string }>(login)).access_token;
  }

  /** A transfer received, published as the ledger does: with no org_id in the envelope. */
  async function transferTo(account_id: string, description: string) {
    await platform.environments.test.bus.publish('events.ledger', [
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
          org_id: null,
          account_id,
          environment: 'test',
          correlation_id: null,
          causation_id: null,
          data: {
            transfer_id: randomUUID(),
            from_account_id: randomUUID(),
            to_account_id: account_id,
            asset: 'USD',
            amount: '1.00',
            description,
            created_at: new Date().toISOString(),
          },
        },
      },
    ]);
  }

  async function history(token: string, query = ''): Promise<Record<string, any>[]> {
    const response = await fetch(`${base_url}/v1/events${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { events: Record<string, any>[] }).events;
  }

  async function stream(token: string, query = '', headers: Record<string, string> = {}) {
    const opened = await SseClient.open(`${base_url}/v1/events${query}`, {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...headers,
    });
    clients.push(opened);
    return opened;
  }

  const markers = async (token: string, query = '') =>
    (await history(token, query)).map(markerOf).filter((marker) => marker.startsWith('org-'));

  beforeAll(async () => {
    platform = await startTestPlatform('eventsorg', {
      EVENTS_STREAM_HEARTBEAT_MS: '300',
      EVENTS_MAX_STREAMS_PER_ORG: '5',
    });
    base_url = platform.environments.test.base_url;
    client = identityClient(base_url);
    const slug = `other-${Date.now().toString(36)}`;
    expect((await operatorPost('/admin/v1/organizations', { slug, name: 'Other' })).status).toBe(
      201,
    );
    admin_token = await adminOf('demo');
    other_admin_token = await adminOf(slug);
    first = await member('demo');
    second = await member('demo');
    outsider = await member(slug);
    // One event each, seen in its organization's history: the organization of every account is
    // known to the projection before the tests below look at streams.
    await transferTo(first.account_id, 'org-warmup-first');
    await transferTo(second.account_id, 'org-warmup-second');
    await transferTo(outsider.account_id, 'org-warmup-outsider');
    await waitFor(async () => (await markers(admin_token)).length === 2);
    await waitFor(async () => (await markers(other_admin_token)).length === 1);
  });
  afterEach(() => clients.splice(0).forEach((opened) => opened.close()));
  afterAll(async () => platform.dispose());

  it('lists every account of the organization for its admin, and only its own for an account', async () => {
    await transferTo(first.account_id, 'org-history-first');
    await transferTo(second.account_id, 'org-history-second');
    await transferTo(outsider.account_id, 'org-history-outsider');
    await waitFor(async () => (await markers(admin_token)).length === 4);
    await waitFor(async () => (await markers(other_admin_token)).length === 2);

    const demo_view = await markers(admin_token);
    expect(new Set(demo_view)).toEqual(
      new Set(['org-warmup-first', 'org-warmup-second', 'org-history-first', 'org-history-second']),
    );
    expect(await markers(other_admin_token)).toEqual([
      'org-history-outsider',
      'org-warmup-outsider',
    ]);
    expect(await markers(first.token)).toEqual(['org-history-first', 'org-warmup-first']);
    expect(await markers(outsider.token)).toEqual(['org-history-outsider', 'org-warmup-outsider']);

    // from/to are read in the organization's timezone, for an admin as for an account.
    expect(new Set(await markers(admin_token, '?from=2020-01-01'))).toEqual(new Set(demo_view));
    expect(await markers(admin_token, '?to=2020-01-01')).toEqual([]);

    const filtered = await history(admin_token, '?types=payin_credited');
    expect(filtered).toEqual([]);
    const bad = await fetch(`${base_url}/v1/events?types=nope`, {
      headers: { authorization: `Bearer ${admin_token}`, accept: 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_event_type');
  });

  it('streams both accounts of the organization live to its admin, never another organization’s', async () => {
    const admin_stream = await stream(admin_token, '?snapshot=true');
    const account_stream = await stream(first.token);
    expect(admin_stream.response.status).toBe(200);
    await waitFor(() => admin_stream.frames.some((frame) => frame.comment === 'connected'));
    await waitFor(() => account_stream.frames.some((frame) => frame.comment === 'connected'));
    await settle();

    await transferTo(first.account_id, 'org-live-first');
    await transferTo(outsider.account_id, 'org-live-outsider');
    await transferTo(second.account_id, 'org-live-second');
    await waitFor(() => admin_stream.events().length === 2);
    await waitFor(() => account_stream.events().length === 1);
    await settle();

    // Events of two accounts are projected independently: the stream orders them by the position
    // the projection gave them, which need not be the order they were published in.
    expect(admin_stream.events().map(frameMarker).sort()).toEqual([
      'org-live-first',
      'org-live-second',
    ]);
    expect(account_stream.events().map(frameMarker)).toEqual(['org-live-first']);
    // An organization admin holds no account: no snapshot frame, even when asked.
    expect(admin_stream.frames.some((frame) => frame.event === 'snapshot')).toBe(false);
    await waitFor(() => admin_stream.frames.some((frame) => frame.comment === 'heartbeat'));
  });

  it('replays after a Last-Event-ID across the organization with no gap and no duplicate', async () => {
    const before = await stream(admin_token);
    await waitFor(() => before.frames.some((frame) => frame.comment === 'connected'));
    await settle();
    await transferTo(first.account_id, 'org-replay-1');
    await waitFor(() => before.events().length === 1);
    const resume_from = before.events()[0]!.id!;
    before.close();

    // While no admin stream is open, both accounts (and another organization) keep moving.
    await transferTo(second.account_id, 'org-replay-2');
    await transferTo(outsider.account_id, 'org-replay-outsider');
    await transferTo(first.account_id, 'org-replay-3');
    await waitFor(async () =>
      (await markers(admin_token)).some((marker) => marker === 'org-replay-3'),
    );

    const resumed = await stream(admin_token, '', { 'last-event-id': resume_from });
    await waitFor(() => resumed.events().length === 2);
    await transferTo(second.account_id, 'org-replay-4');
    await waitFor(() => resumed.events().length === 3);
    await settle();

    expect(inReplayOrder(resumed.events().map(frameMarker))).toEqual([
      'org-replay-2',
      'org-replay-3',
      'org-replay-4',
    ]);
    const ids = resumed.events().map((frame) => frame.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(resume_from);

    // The same id through the query string, filtered by type, gives the same replay.
    const by_query = await stream(
      admin_token,
      `?last_event_id=${encodeURIComponent(resume_from)}&types=transfer_received`,
    );
    await waitFor(() => by_query.events().length === 3);
    expect(inReplayOrder(by_query.events().map(frameMarker))).toEqual([
      'org-replay-2',
      'org-replay-3',
      'org-replay-4',
    ]);

    // An account's replay from its own event stays inside the account.
    const own = (await history(second.token)).find((event) => markerOf(event) === 'org-replay-2')!;
    const account_resumed = await stream(second.token, '', { 'last-event-id': own.id });
    await waitFor(() => account_resumed.events().length === 1);
    await settle();
    expect(account_resumed.events().map(frameMarker)).toEqual(['org-replay-4']);
  });

  it('counts an organization’s streams, its admins’ and its accounts’, against one ceiling', async () => {
    await settle(); // the streams of the tests before have given their slots back
    const opened = [
      await stream(admin_token),
      await stream(admin_token),
      await stream(admin_token),
      await stream(first.token),
      await stream(second.token),
    ];
    expect(opened.map((one) => one.response.status)).toEqual([200, 200, 200, 200, 200]);

    for (const token of [admin_token, first.token]) {
      const refused = await fetch(`${base_url}/v1/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toBe('too_many_streams');
    }
    const elsewhere = await stream(other_admin_token);
    expect(elsewhere.response.status).toBe(200);

    opened[0]!.close();
    await waitFor(async () => {
      const again = await stream(admin_token);
      return again.response.status === 200;
    });
  });
});
