import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  amlClient,
  amlKey,
  amlPerson,
  eventsClient,
  eventually,
  expectError,
  json,
  startWebhookReceiver,
  type AmlClient,
  type PublicEvent,
  type TestAccount,
} from '../clients';

const SAMPLE = path.join(__dirname, '../../../services/compliance/lists/ofac-sdn.sample.csv');
/** A newly designated party, as OFAC's `sdn.csv` writes one. */
const NEW_DESIGNATION =
  '9100,"PETROVA, Olga Ivanovna","individual","RUSSIA-EO14024",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1975."\n';

/**
 * Rescreening and monitoring (decisions D8): the sanctions list is a file the suite owns; when it
 * gains an entry, monitored subjects are rescreened by themselves and the changed outcome reaches
 * the event history and webhooks as `aml_screening_updated`; unmonitored ones wait for
 * `POST /v1/aml/rescreen`.
 */
describe('AML rescreening and monitoring', () => {
  let platform: E2ePlatform;
  let aml: AmlClient;
  let events: ReturnType<typeof eventsClient>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let watcher: TestAccount;
  let idle: TestAccount;
  let list_dir: string;
  let list_file: string;

  beforeAll(async () => {
    list_dir = mkdtempSync(path.join(tmpdir(), 'aml-lists-'));
    // The list file appears only in the first test: until then no list can be read.
    list_file = path.join(list_dir, 'sdn.csv');
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'amlmonitor',
      settings: {
        AML_SANCTIONS_LIST_FILE: list_file,
        AML_LIST_CHECK_MS: '200',
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '100',
      },
    });
    aml = amlClient(platform.environments.test);
    events = eventsClient(platform.environments.test);
    [watcher, idle] = await Promise.all([aml.register('amlwatch'), aml.register('amlidle')]);
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
    rmSync(list_dir, { recursive: true, force: true });
  });

  const updates = async (account: TestAccount) =>
    (await events.listed(account.access_token, '?types=aml_screening_updated')).filter(
      (event: PublicEvent) => event.type === 'aml_screening_updated',
    );

  it('answers 503 compliance_check_unavailable while no list can be read, then the same key screens', async () => {
    const early = await aml.register('amlnolist');
    const body = { idempotency_key: amlKey(), subject: amlPerson('Grace Hopper') };
    await expectError(await aml.screenRaw(early, body), 503, 'compliance_check_unavailable');
    // Never screened "clear" by mistake, and nothing was kept.
    expect((await aml.list(early)).screenings).toEqual([]);
    copyFileSync(SAMPLE, list_file);
    const screened = await eventually(
      () => aml.screenRaw(early, body),
      (response) => response.status !== 503,
    );
    expect(await json(screened, 201)).toMatchObject({ status: 'clear' });
    const again = await json<{ screening_id: string }>(await aml.screenRaw(early, body), 201);
    expect((await aml.list(early)).screenings.map((row) => row.screening_id)).toEqual([
      again.screening_id,
    ]);
  });

  it('rescreen needs a key, and a screening to rescreen', async () => {
    await expectError(await aml.rescreen(idle, {}), 400, 'idempotency_key_required');
    await expectError(await aml.rescreen(idle, { idempotency_key: amlKey() }), 409, 'no_screening');
  });

  it('monitoring: turning it on or off needs a key, repeating the state does not', async () => {
    await expectError(
      await aml.monitoring(watcher, { enabled: true }),
      400,
      'idempotency_key_required',
    );
    const on = await json(
      await aml.monitoring(watcher, { enabled: true, idempotency_key: amlKey() }),
      200,
    );
    expect(on).toEqual({ enabled: true, updated_at: expect.any(String) });
    expect(await json(await aml.monitoring(watcher, { enabled: true }), 200)).toEqual(on);
    await expectError(await aml.monitoring(watcher, { enabled: 'yes' }), 400, 'invalid_request');
  });

  it('a list change rescreens monitored subjects and publishes the changed outcome', async () => {
    const subscribed = await aml.request('POST', '/v1/webhooks/subscriptions', {
      token: watcher.access_token,
      body: {
        event_type: 'aml_screening_updated',
        callback_url: receiver.url(),
        secret: 'whsec_aml_monitoring_secret',
      },
    });
    expect(subscribed.status).toBe(201);
    const watched = await aml.screen(watcher, amlPerson('Olga Ivanovna Petrova'));
    const unwatched = await aml.screen(idle, amlPerson('Olga Ivanovna Petrova'));
    expect([watched.status, unwatched.status, watched.monitoring]).toEqual([
      'clear',
      'clear',
      true,
    ]);

    appendFileSync(list_file, NEW_DESIGNATION);

    const matched = await aml.awaitScreening(
      watcher,
      watched.screening_id,
      (screening) => screening.status === 'match',
    );
    expect(matched.matches[0]).toMatchObject({ list: 'ofac_sdn', name: 'PETROVA, Olga Ivanovna' });
    const [update] = await eventually(
      () => updates(watcher),
      (found) => found.length === 1,
    );
    expect(update?.data).toEqual({
      account_id: watcher.account_id,
      screening_event: 'monitoring',
      customer_id: watched.screening_id,
      data: {
        screening_id: watched.screening_id,
        status: 'match',
        previous_status: 'clear',
        matches: matched.matches,
        updated_at: expect.any(String),
      },
    });
    await eventually(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    expect(receiver.received[0]?.headers['x-webhook-event']).toBe('aml_screening_updated');

    // Without monitoring the other account's subject waits for its own rescreen.
    const still = await json<{ status: string }>(await aml.get(idle, unwatched.screening_id), 200);
    expect(still.status).toBe('clear');
    expect(await updates(idle)).toEqual([]);
  });

  it('rescreen rescreens every subject of the account once per key', async () => {
    const key = amlKey('rescreen');
    expect(await json(await aml.rescreen(idle, { idempotency_key: key }), 200)).toEqual({
      rescreened: 1,
    });
    const [screening] = (await aml.list(idle)).screenings;
    expect(screening?.status).toBe('match');
    const [update] = await eventually(
      () => updates(idle),
      (found) => found.length === 1,
    );
    expect(update?.data).toMatchObject({
      screening_event: 'rescreened',
      data: { status: 'match', previous_status: 'clear' },
    });
    expect(await json(await aml.rescreen(idle, { idempotency_key: key }), 200)).toEqual({
      rescreened: 1,
    });
    // Nothing changed the second time: still one event.
    expect(await json(await aml.rescreen(idle, { idempotency_key: amlKey() }), 200)).toEqual({
      rescreened: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await updates(idle)).toHaveLength(1);
  });
});
