import {
  DELIVERY_WAIT,
  documentationGaps,
  eventsClient,
  eventually,
  hookEvent,
  http,
  identityClient,
  json,
  JSON_CONTENT,
  openAccount,
  startWebhookReceiver,
  uniqueEmail,
  type DocumentedOperation,
  type PublicEvent,
  type SseClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface Announcement {
  broadcast_id: string;
  subject: string;
  body: Record<string, string>;
  recipients: number;
  created_at: string;
}

/** Organization admins' announcements (`POST /v1/org/announcements`), over HTTP. */
describe('organization announcements', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let admin_token: string;
  let readers: Record<'en' | 'es' | 'zh', TestAccount>;
  let outsider: TestAccount;
  let stream: SseClient;
  const client = http(() => platform.environments.test);
  const identity = identityClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const slug = `annc-${Date.now().toString(36)}`;

  const send = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    client.request('POST', '/v1/org/announcements', { token, body, headers });
  /** The announcements an organization admin lists (the newest hundred). */
  const listed = async (token: string) =>
    (
      await json<{ announcements: Announcement[] }>(
        await client.request('GET', '/v1/org/announcements?page_size=100', { token }),
        200,
      )
    ).announcements;

  /** The `admin_announcement` events an account has, by its event listing. */
  const announcementsOf = (account: TestAccount) =>
    events.listed(account.access_token, '?types=admin_announcement');

  const received = (account: TestAccount, broadcast_id: string) =>
    eventually(
      () => announcementsOf(account),
      (listed) => listed.some((event) => event.data.broadcast_id === broadcast_id),
      DELIVERY_WAIT,
    ).then((listed) => listed.find((event) => event.data.broadcast_id === broadcast_id)!);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'announcements',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    });
    await identity.createOrganization(slug, 'Announcing Co', { locale: 'es' });
    const reader = (locale: string) =>
      openAccount(client, {
        label: `annc-${locale}`,
        registration: { org: slug, locale, type: 'company', display_name: `Reader ${locale}` },
      });
    const [en, es, zh] = await Promise.all([reader('en'), reader('es'), reader('zh')]);
    readers = { en: en!, es: es!, zh: zh! };
    outsider = await openAccount(client, { email: uniqueEmail('annc-outsider') });
    admin_token = (await identity.newOrgAdmin(slug)).session.access_token;
    await events.subscription(readers.es.access_token, {
      event_type: 'admin_announcement',
      callback_url: receiver.url(),
      secret: 'whsec_announcements_suite_0123456789',
    });
    stream = await (
      await events.stream(readers.zh.access_token, '?types=admin_announcement')
    ).connected();
  });
  afterAll(async () => {
    stream?.close();
    await platform?.close();
    await receiver?.close();
  });

  it('reaches every account of the organization in its language, as plain text', async () => {
    const sent = await json<Announcement>(
      await send(admin_token, {
        subject: '<b>Scheduled</b> maintenance',
        body: {
          en: '<p>On Saturday the platform pauses from <strong>2 to 3</strong>.</p><script>alert(1)</script>',
          es: '<p>El sábado la plataforma se detiene de <em>2 a 3</em>.</p>',
          zh: '周六 <a href="https://example.com/x">2 点到 3 点</a> 暂停服务。',
        },
      }),
      201,
    );
    expect(sent).toMatchObject({
      subject: 'Scheduled maintenance',
      body: {
        en: 'On Saturday the platform pauses from 2 to 3.',
        es: 'El sábado la plataforma se detiene de 2 a 3.',
        zh: '周六 2 点到 3 点 暂停服务。',
      },
      recipients: 3,
    });
    const expected: Record<string, string> = sent.body;
    for (const [locale, account] of Object.entries(readers)) {
      const event = await received(account, sent.broadcast_id);
      expect(event.type).toBe('admin_announcement');
      expect(event.data).toEqual({
        broadcast_id: sent.broadcast_id,
        subject: 'Scheduled maintenance',
        body: expected[locale],
      });
    }
    // Through the Spanish account's webhook, signed like every delivery.
    const hook = await eventually(
      async () => receiver.received.map(hookEvent),
      (hooks) => hooks.some((event) => event.data.broadcast_id === sent.broadcast_id),
      DELIVERY_WAIT,
    );
    expect(hook.find((event) => event.data.broadcast_id === sent.broadcast_id)!.data.body).toBe(
      expected.es,
    );
    // And on the Chinese account's open stream.
    const streamed = await eventually(
      async () => stream.published(),
      (published: PublicEvent[]) =>
        published.some((event) => event.data.broadcast_id === sent.broadcast_id),
      DELIVERY_WAIT,
    );
    expect(streamed.find((event) => event.data.broadcast_id === sent.broadcast_id)!.data.body).toBe(
      expected.zh,
    );
    // An account of another organization gets nothing.
    expect((await announcementsOf(outsider)).map((event) => event.data.broadcast_id)).not.toContain(
      sent.broadcast_id,
    );
  });

  it("falls back to the organization's language, then English", async () => {
    const sent = await json<Announcement>(
      await send(admin_token, {
        subject: 'Fees',
        body: { en: 'New fees from March.', es: 'Nuevas tarifas desde marzo.' },
      }),
      201,
    );
    // The Chinese reader's organization reads Spanish.
    expect((await received(readers.zh, sent.broadcast_id)).data.body).toBe(
      'Nuevas tarifas desde marzo.',
    );
    expect((await received(readers.en, sent.broadcast_id)).data.body).toBe('New fees from March.');
  });

  it('sends once per idempotency key, and refuses the key with other words', async () => {
    const body = { subject: 'Once', body: { en: 'Only once.' }, idempotency_key: 'annc-once-1' };
    const first = await json<Announcement>(await send(admin_token, body), 201);
    const again = await json<Announcement>(await send(admin_token, body), 201);
    expect(again).toEqual(first);
    const by_header = await json<Announcement>(
      await send(
        admin_token,
        { subject: 'Once', body: { en: 'Only once.' } },
        { 'idempotency-key': 'annc-once-1' },
      ),
      201,
    );
    expect(by_header.broadcast_id).toBe(first.broadcast_id);
    const conflict = await send(admin_token, { ...body, body: { en: 'Other words.' } });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: 'idempotency_conflict' });
    await received(readers.en, first.broadcast_id);
    const copies = (await announcementsOf(readers.en)).filter(
      (event) => event.data.broadcast_id === first.broadcast_id,
    );
    expect(copies).toHaveLength(1);
  });

  it('refuses bad input with its code and sends nothing', async () => {
    const before = (await listed(admin_token)).length;
    const cases: [unknown, number, string][] = [
      [{ body: { en: 'x' } }, 400, 'invalid_request'],
      [{ subject: 'x', body: { es: 'solo' } }, 400, 'invalid_request'],
      [{ subject: 'x', body: { en: 'x', fr: 'non' } }, 400, 'invalid_json'],
      [{ subject: 'x', body: { en: 'x' }, extra: 1 }, 400, 'invalid_json'],
      [{ subject: '<img src=x>', body: { en: 'x' } }, 400, 'invalid_request'],
      [{ subject: 'x', body: { en: '<script>only()</script>' } }, 400, 'invalid_request'],
      [{ subject: 'x'.repeat(201), body: { en: 'x' } }, 400, 'invalid_request'],
      [
        { subject: 'x', body: { en: 'x' }, idempotency_key: 'payin-convert:1' },
        400,
        'reserved_idempotency_key',
      ],
    ];
    for (const [body, status, error] of cases) {
      const answer = await send(admin_token, body);
      expect({ status: answer.status, body: await answer.json() }).toEqual({
        status,
        body: { error, message: expect.any(String), request_id: expect.any(String) },
      });
    }
    // An account's credentials are not an organization admin's.
    const as_account = await send(readers.en.access_token, { subject: 'x', body: { en: 'x' } });
    expect(as_account.status).toBe(403);
    expect(await as_account.json()).toMatchObject({ error: 'org_admin_required' });
    expect((await listed(admin_token)).length).toBe(before);
  });

  it("lists to another organization's admin only that organization's announcements", async () => {
    const mine = await json<Announcement>(
      await send(admin_token, { subject: 'Ours', body: { en: 'For our accounts only.' } }),
      201,
    );
    const other_slug = `annc-other-${Date.now().toString(36)}`;
    await identity.createOrganization(other_slug, 'Other Announcer');
    const other_token = (await identity.newOrgAdmin(other_slug)).session.access_token;
    // Before the other organization sent anything, its listing is empty, not ours.
    expect(await listed(other_token)).toEqual([]);
    const theirs = await json<Announcement>(
      await send(other_token, { subject: 'Theirs', body: { en: 'For their accounts.' } }),
      201,
    );
    expect((await listed(other_token)).map((row) => row.broadcast_id)).toEqual([
      theirs.broadcast_id,
    ]);
    const ours = (await listed(admin_token)).map((row) => row.broadcast_id);
    expect(ours).toContain(mine.broadcast_id);
    expect(ours).not.toContain(theirs.broadcast_id);
  });

  it('documents every announcement route', async () => {
    const document = await json(await client.request('GET', '/openapi.json'), 200);
    const operations: DocumentedOperation[] = [
      {
        method: 'post',
        path: '/v1/org/announcements',
        status: 201,
        answers: JSON_CONTENT,
        body: JSON_CONTENT,
        errors: [
          'invalid_json',
          'invalid_request',
          'reserved_idempotency_key',
          'unauthorized',
          'org_admin_required',
          'idempotency_conflict',
        ],
      },
      {
        method: 'get',
        path: '/v1/org/announcements',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized', 'org_admin_required'],
      },
    ];
    expect(documentationGaps(document, /^\/v1\/org\/announcements/, operations)).toEqual([]);
  });
});
