import { startPlatform, type E2ePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  eventOf,
  eventsClient,
  eventually,
  http,
  identityClient,
  json,
  openAccount,
  settle,
  type PublicEvent,
  type SseClient,
  type TestAccount,
} from '../clients';

/**
 * The organization-wide stream and history of an organization admin (spec §6): the events of
 * every account of its organization and of no other, live, replayed after a Last-Event-ID, and
 * counted against one ceiling of streams per organization. The events are real transfers: the
 * ledger publishes them without an organization in the envelope, and the notifications service
 * finds the account's.
 */

/** The `data.description` of a transfer frame or listed event: the test's marker. */
const markerOf = (event: Pick<PublicEvent, 'data'>) => String(event.data.description ?? '');

/**
 * Replay-2 and replay-3 belong to two accounts and were published back to back, so the projection
 * may have ordered them either way; replay-4 came once both were streamed, so it is last.
 */
function inReplayOrder(markers: string[]): string[] {
  return [...markers.slice(0, 2).sort(), ...markers.slice(2)];
}

/** An account and its organization, whose payer pays it (a transfer stays inside one). */
interface Member extends TestAccount {
  org: string;
}

describe('events: the organization-wide stream and history of an organization admin', () => {
  let platform: E2ePlatform;
  const client = http(() => platform.environments.test);
  const identity = identityClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const streams: SseClient[] = [];
  const payers = new Map<string, TestAccount>();
  let admin_token: string;
  let first: Member;
  let second: Member;
  let outsider: Member;
  let other_admin_token: string;

  const member = async (org: string): Promise<Member> => ({
    ...(await openAccount(client, { label: `org-events-${org}`, registration: { org } })),
    org,
  });

  const adminOf = async (org: string): Promise<string> =>
    (await identity.newOrgAdmin(org, identity.uniqueEmail(`org-events-admin-${org}`))).session
      .access_token;

  /** A transfer received, sent over HTTP by a payer of the recipient's organization. */
  async function transferTo(recipient: Member, description: string) {
    await json(
      await client.request('POST', '/v1/transfers', {
        token: payers.get(recipient.org)!.access_token,
        body: { recipient: recipient.account_id, asset: 'USD', amount: '1.00', description },
      }),
      201,
    );
  }

  const history = (token: string, query = '') => events.listed(token, query);

  async function stream(token: string, query = '', headers: Record<string, string> = {}) {
    const opened = await events.stream(token, query, headers);
    streams.push(opened);
    return opened;
  }

  const markers = async (token: string, query = '') =>
    (await history(token, query)).map(markerOf).filter((marker) => marker.startsWith('org-'));

  /** Until the token's history holds `count` markers. */
  const markersUntil = (token: string, count: number) =>
    eventually(
      () => markers(token),
      (found) => found.length === count,
      DELIVERY_WAIT,
    );

  /** Until the stream has carried `count` events. */
  const eventsUntil = (opened: SseClient, count: number) =>
    eventually(
      async () => opened.events(),
      (found) => found.length === count,
      DELIVERY_WAIT,
    );

  const frameMarkers = (opened: SseClient) => opened.events().map(eventOf).map(markerOf);

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'eventsorg',
      settings: { EVENTS_STREAM_HEARTBEAT_MS: '300', EVENTS_MAX_STREAMS_PER_ORG: '5' },
    });
    const slug = `other-${Date.now().toString(36)}`;
    await identity.createOrganization(slug, 'Other');
    admin_token = await adminOf('demo');
    other_admin_token = await adminOf(slug);
    for (const org of ['demo', slug]) payers.set(org, await member(org));
    first = await member('demo');
    second = await member('demo');
    outsider = await member(slug);
    // One event each, seen in its organization's history: the organization of every account is
    // known to the projection before the tests below look at streams.
    await transferTo(first, 'org-warmup-first');
    await transferTo(second, 'org-warmup-second');
    await transferTo(outsider, 'org-warmup-outsider');
    await markersUntil(admin_token, 2);
    await markersUntil(other_admin_token, 1);
  });
  afterEach(() => streams.splice(0).forEach((opened) => opened.close()));
  afterAll(async () => platform.close());

  it('lists every account of the organization for its admin, and only its own for an account', async () => {
    await transferTo(first, 'org-history-first');
    await transferTo(second, 'org-history-second');
    await transferTo(outsider, 'org-history-outsider');
    await markersUntil(admin_token, 4);
    await markersUntil(other_admin_token, 2);

    const demo_view = await markers(admin_token);
    expect(new Set(demo_view)).toEqual(
      new Set(['org-warmup-first', 'org-warmup-second', 'org-history-first', 'org-history-second']),
    );
    expect(await markers(other_admin_token)).toEqual([
      'org-history-outsider',
      'org-warmup-outsider',
    ]);
    expect(await markers(first.access_token)).toEqual(['org-history-first', 'org-warmup-first']);
    expect(await markers(outsider.access_token)).toEqual([
      'org-history-outsider',
      'org-warmup-outsider',
    ]);

    // from/to are read in the organization's timezone, for an admin as for an account.
    expect(new Set(await markers(admin_token, '?from=2020-01-01'))).toEqual(new Set(demo_view));
    expect(await markers(admin_token, '?to=2020-01-01')).toEqual([]);

    const filtered = await history(admin_token, '?types=payin_credited');
    expect(filtered).toEqual([]);
    const bad = await events.history(admin_token, '?types=nope');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_event_type');
  });

  it('streams both accounts of the organization live to its admin, never another organization’s', async () => {
    const admin_stream = await stream(admin_token, '?snapshot=true');
    const account_stream = await stream(first.access_token);
    expect(admin_stream.response.status).toBe(200);
    await admin_stream.connected();
    await account_stream.connected();
    await settle();

    await transferTo(first, 'org-live-first');
    await transferTo(outsider, 'org-live-outsider');
    await transferTo(second, 'org-live-second');
    await eventsUntil(admin_stream, 2);
    await eventsUntil(account_stream, 1);
    await settle();

    // Events of two accounts are projected independently: the stream orders them by the position
    // the projection gave them, which need not be the order they were published in.
    expect(frameMarkers(admin_stream).sort()).toEqual(['org-live-first', 'org-live-second']);
    expect(frameMarkers(account_stream)).toEqual(['org-live-first']);
    // An organization admin holds no account: no snapshot frame, even when asked.
    expect(admin_stream.frames.some((frame) => frame.event === 'snapshot')).toBe(false);
    await eventually(
      async () => admin_stream.frames,
      (frames) => frames.some((frame) => frame.comment === 'heartbeat'),
      DELIVERY_WAIT,
    );
  });

  it('replays after a Last-Event-ID across the organization with no gap and no duplicate', async () => {
    const before = await stream(admin_token);
    await before.connected();
    await settle();
    await transferTo(first, 'org-replay-1');
    await eventsUntil(before, 1);
    const resume_from = before.ids()[0]!;
    before.close();

    // While no admin stream is open, both accounts (and another organization) keep moving.
    await transferTo(second, 'org-replay-2');
    await transferTo(outsider, 'org-replay-outsider');
    await transferTo(first, 'org-replay-3');
    await eventually(
      () => markers(admin_token),
      (found) => found.some((marker) => marker === 'org-replay-3'),
      DELIVERY_WAIT,
    );

    const resumed = await stream(admin_token, '', { 'last-event-id': resume_from });
    await eventsUntil(resumed, 2);
    await transferTo(second, 'org-replay-4');
    await eventsUntil(resumed, 3);
    await settle();

    expect(inReplayOrder(frameMarkers(resumed))).toEqual([
      'org-replay-2',
      'org-replay-3',
      'org-replay-4',
    ]);
    const ids = resumed.ids();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(resume_from);

    // The same id through the query string, filtered by type, gives the same replay.
    const by_query = await stream(
      admin_token,
      `?last_event_id=${encodeURIComponent(resume_from)}&types=transfer_received`,
    );
    await eventsUntil(by_query, 3);
    expect(inReplayOrder(frameMarkers(by_query))).toEqual([
      'org-replay-2',
      'org-replay-3',
      'org-replay-4',
    ]);

    // An account's replay from its own event stays inside the account.
    const own = (await history(second.access_token)).find(
      (event) => markerOf(event) === 'org-replay-2',
    )!;
    const account_resumed = await stream(second.access_token, '', { 'last-event-id': own.id });
    await eventsUntil(account_resumed, 1);
    await settle();
    expect(frameMarkers(account_resumed)).toEqual(['org-replay-4']);
  });

  it('counts an organization’s streams, its admins’ and its accounts’, against one ceiling', async () => {
    await settle(); // the streams of the tests before have given their slots back
    const opened = [
      await stream(admin_token),
      await stream(admin_token),
      await stream(admin_token),
      await stream(first.access_token),
      await stream(second.access_token),
    ];
    expect(opened.map((one) => one.response.status)).toEqual([200, 200, 200, 200, 200]);

    for (const token of [admin_token, first.access_token]) {
      const refused = await stream(token);
      expect(refused.response.status).toBe(429);
      expect(((await refused.response.json()) as { error: string }).error).toBe('too_many_streams');
    }
    const elsewhere = await stream(other_admin_token);
    expect(elsewhere.response.status).toBe(200);

    opened[0]!.close();
    await eventually(
      async () => (await stream(admin_token)).response.status,
      (status) => status === 200,
    );
  });
});
