import { randomUUID } from 'node:crypto';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  bearer,
  DELIVERY_WAIT,
  domainEventMessage,
  eventOf,
  eventsClient,
  eventually,
  http,
  openAccount,
  settle,
  SseClient,
  transferReceivedData,
  type Frame,
  type TestAccount,
} from '../clients';

/**
 * The history listing and the SSE stream of `GET /v1/events` (spec §6, D7): one account's public
 * events newest first, filtered by type and by dates of the organization's timezone; the stream's
 * frames, heartbeats, replay after Last-Event-ID, snapshot and limits. The events are published on
 * the bus as their producers would, which only the all-in-one runtime lets a suite do: no route
 * makes a transfer dated in the past or a payin of exactly these figures.
 */
describe('events: history listing and the SSE stream', () => {
  let platform: E2eAllInOnePlatform;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const clients: SseClient[] = [];
  let lingering: SseClient;

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'events',
      settings: {
        EVENTS_STREAM_HEARTBEAT_MS: '300',
        EVENTS_MAX_STREAMS_PER_ACCOUNT: '2',
        EVENTS_STREAM_OPENINGS_PER_HOUR: '40',
      },
    });
    // Left open on purpose: shutting the platform down must end it rather than wait for it.
    lingering = await SseClient.open(
      `${client.base_url}/v1/events`,
      bearer((await account()).access_token),
    );
    expect(lingering.response.status).toBe(200);
  });
  afterEach(() => clients.splice(0).forEach((opened) => opened.close()));
  afterAll(async () => {
    await platform.close();
    await eventually(async () => lingering.ended, Boolean);
  });

  const account = () =>
    openAccount(client, { label: 'events', registration: { display_name: 'Stream Reader' } });

  async function stream(owner: TestAccount, query = '', headers: Record<string, string> = {}) {
    const opened = await events.stream(owner.access_token, query, headers);
    clients.push(opened);
    return opened;
  }

  const history = (owner: TestAccount, query = '') => events.history(owner.access_token, query);
  const listed = (owner: TestAccount, query = '') => events.listed(owner.access_token, query);

  /** Until the account's history holds `count` events. */
  const listedUntil = (owner: TestAccount, count: number) =>
    eventually(
      () => listed(owner),
      (found) => found.length === count,
      DELIVERY_WAIT,
    );

  /** Until the stream has carried `count` events. */
  const framesUntil = (opened: SseClient, done: (frames: Frame[]) => boolean) =>
    eventually(async () => opened.frames, done, DELIVERY_WAIT);
  const eventsUntil = (opened: SseClient, count: number) =>
    framesUntil(opened, () => opened.events().length === count);

  /** A contract-shaped domain event, published on its producer's topic. */
  const publish = (
    owner: TestAccount,
    topic: string,
    type: string,
    data: Record<string, unknown>,
    occurred_at?: string,
  ) =>
    platform.internals('test').bus.publish(topic, [
      domainEventMessage({
        type,
        account_id: owner.account_id,
        org_id: 'demo',
        data,
        occurred_at,
      }),
    ]);

  const transferTo = (owner: TestAccount, amount: string) =>
    publish(
      owner,
      'events.ledger',
      'ledger.transfer_received',
      transferReceivedData(owner.account_id, amount, `transfer ${amount}`),
    );

  const payinCredited = (owner: TestAccount, local_amount: string) =>
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

  const amountOf = (frame: Frame) => eventOf(frame).data as { amount?: string };

  describe('history (Accept: application/json)', () => {
    it('lists the account’s public events newest first, filtered by types', async () => {
      const owner = await account();
      const other = await account();
      await transferTo(owner, '1.00');
      await listedUntil(owner, 1);
      await payinCredited(owner, '2.00');
      await transferTo(other, '9.00');
      await listedUntil(owner, 2);
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
        transferReceivedData(owner.account_id, '1.50', 'late evening', '2026-01-15T03:00:00.000Z'),
        '2026-01-15T03:00:00.000Z',
      );
      await listedUntil(owner, 1);
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
        request_id: expect.any(String),
      });
    });
  });

  describe('stream', () => {
    it('sends headers and ": connected" at once, heartbeats, then live events as D7 frames', async () => {
      const owner = await account();
      const opened = await stream(owner);
      expect(opened.response.status).toBe(200);
      expect(opened.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(opened.response.headers.get('service-environment')).toBe('test');
      await framesUntil(opened, (frames) => frames.length > 0);
      expect(opened.frames[0]).toEqual({ comment: 'connected' });
      await framesUntil(opened, (frames) => frames.some((frame) => frame.comment === 'heartbeat'));
      await transferTo(owner, '3.00');
      await eventsUntil(opened, 1);
      const [frame] = opened.events();
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
      const opened = await stream(owner, '?types=payin_credited');
      await framesUntil(opened, (frames) => frames.length > 0);
      await transferTo(owner, '4.00');
      await transferTo(other, '5.00');
      await payinCredited(owner, '6.00');
      await eventsUntil(opened, 1);
      await settle();
      expect(opened.events().map((frame) => frame.event)).toEqual(['payin_credited']);
      const bad = await stream(owner, '?types=nope');
      expect(bad.response.status).toBe(400);
      expect(await bad.response.json()).toEqual({
        error: 'invalid_event_type',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    });

    it('replays after Last-Event-ID with no gap and no duplicate, then goes live', async () => {
      const owner = await account();
      for (const amount of ['1.00', '2.00', '3.00']) await transferTo(owner, amount);
      const [third, second, first] = await listedUntil(owner, 3);
      const resumed = await stream(owner, '', { 'last-event-id': first?.id ?? '' });
      await eventsUntil(resumed, 2);
      expect(resumed.ids()).toEqual([second?.id, third?.id]);
      await transferTo(owner, '4.00');
      await eventsUntil(resumed, 3);
      await settle();
      expect(resumed.events().map((frame) => amountOf(frame).amount)).toEqual([
        '2.00',
        '3.00',
        '4.00',
      ]);

      // The query form, racing live events published while the replay runs.
      const racing = await stream(owner, `?last_event_id=${second?.id}`);
      await Promise.all([transferTo(owner, '5.00'), transferTo(owner, '6.00')]);
      await eventsUntil(racing, 4);
      await settle();
      const amounts = racing.events().map((frame) => amountOf(frame).amount);
      expect(amounts.slice(0, 2)).toEqual(['3.00', '4.00']);
      expect([...amounts.slice(2)].sort()).toEqual(['5.00', '6.00']);
    });

    it('sends one snapshot frame without an id first, when asked', async () => {
      const owner = await account();
      const opened = await stream(owner, '?snapshot=true');
      await framesUntil(opened, (frames) => frames.length >= 2);
      expect(opened.frames[0]).toEqual({ comment: 'connected' });
      const snapshot = opened.frames[1];
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
        request_id: expect.any(String),
      });
      first.close();
      await eventually(
        async () => {
          const again = await stream(owner);
          if (again.response.status !== 200) await again.response.body?.cancel();
          return again.response.status;
        },
        (status) => status === 200,
      );
    });

    // Last: it spends the address's openings for the rest of this platform's life.
    it('answers 429 rate_limited past the openings allowed per address per hour', async () => {
      const owner = await account();
      const statuses: number[] = [];
      for (let opening = 0; opening < 45; opening += 1) {
        // The server sees a closed stream a moment after the client closes it: until then the
        // account's two concurrent streams may still be taken (too_many_streams), so try again.
        const { opened, refusal } = await eventually(
          async () => {
            const attempt = await stream(owner);
            const body = attempt.response.status === 429 ? await attempt.response.json() : null;
            return { opened: attempt, refusal: body as { error: string } | null };
          },
          ({ refusal }) => refusal?.error !== 'too_many_streams',
        );
        statuses.push(opened.response.status);
        if (refusal) {
          expect(refusal).toEqual({
            error: 'rate_limited',
            message: expect.any(String),
            request_id: expect.any(String),
          });
          break;
        }
        opened.close();
      }
      expect(statuses[statuses.length - 1]).toBe(429);
      expect(statuses.length).toBeLessThanOrEqual(41);
    });
  });
});
