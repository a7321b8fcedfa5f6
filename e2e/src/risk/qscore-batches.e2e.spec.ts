import { startPlatform, type E2ePlatform } from '../harness';
import {
  awaitEvents,
  eventsClient,
  eventually,
  expectError,
  hookEvent,
  json,
  riskBatchesClient,
  riskClient,
  startWebhookReceiver,
  type RiskBatch,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

/** Valid Argentine CUITs: companies (prefix 30), one the sandbox bureau has no score for, a person. */
const COMPANIES = ['30-71000000-6', '30710000014', '30710000022', '30710000030'];
const NO_SCORE = '30710007000';
const PERSON = '20123456018';
const CONSENTING_PERSON = '20234567005';

const company = (doc_id: string) => ({ country: 'AR', doc_id, subject_type: 'company' });

/**
 * Credit-scoring batches over HTTP (decisions D10): JSON or CSV in, every row kept as an item
 * (invalid ones with their reason), evaluated in the background, results.csv and
 * `risk_batch_completed` at the end; another account sees none of it.
 */
describe('credit-scoring batches', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let owner: TestAccount;
  let other: TestAccount;
  const batches = riskBatchesClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const risk = riskClient(() => platform.environments.test);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'qscorebatches',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    });
    [owner, other] = await Promise.all([
      batches.register('batchowner'),
      batches.register('batchother'),
    ]);
    await events.subscription(owner.access_token, {
      event_type: 'risk_batch_completed',
      callback_url: receiver.url(),
      secret: 'whsec_batches_suite_secret_0123456789',
    });
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
  });

  it('evaluates a JSON batch item by item, keeps invalid rows, and announces the end', async () => {
    const stream = await (await events.stream(owner.access_token)).connected();
    const created = await json<RiskBatch>(
      await batches.create(owner, {
        purpose: 'supplier_onboarding',
        items: [
          company(COMPANIES[0]!),
          company('30710000015'),
          company(NO_SCORE),
          { country: 'AR', doc_id: PERSON, subject_type: 'person' },
          { country: 'XX', doc_id: COMPANIES[1], subject_type: 'company' },
          company(COMPANIES[1]!),
        ],
      }),
      201,
    );
    expect(created).toMatchObject({ status: 'queued', total: 6, processed: 2, source: 'json' });

    const done = await batches.finished(owner, created.batch_id);
    expect(done).toMatchObject({
      status: 'completed',
      processed: 6,
      total: 6,
      purpose: 'supplier_onboarding',
      counts: { pending: 0, completed: 2, no_score: 1, consent_required: 1, invalid: 2, failed: 0 },
    });
    const items = await batches.items(owner, created.batch_id);
    expect(items.map((item) => [item.position, item.status, item.error])).toEqual([
      [1, 'completed', null],
      [2, 'invalid', 'invalid_doc_id'],
      [3, 'no_score', 'no_score'],
      [4, 'consent_required', 'link_inactive'],
      [5, 'invalid', 'invalid_country'],
      [6, 'completed', null],
    ]);
    expect(items[0]).toMatchObject({
      doc_id: '30710000006',
      score: expect.any(Number),
      band: expect.stringMatching(/^[A-E]$/),
      report_id: expect.any(String),
    });
    expect(await batches.items(owner, created.batch_id, '?status=invalid&page_size=1')).toEqual([
      items[1],
    ]);

    const csv = await batches.results(owner, created.batch_id);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('country,doc_id,subject_type,status,score,band,report_id,error');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe(
      `AR,30710000006,company,completed,${items[0]!.score},${items[0]!.band},${items[0]!.report_id},`,
    );
    expect(lines[3]).toBe('AR,30710007000,company,no_score,,,,no_score');

    const hook = await eventually(
      async () => receiver.received.map(hookEvent),
      (hooks) => hooks.some((event) => event.data.batch_id === created.batch_id),
    );
    const announced = hook.find((event) => event.data.batch_id === created.batch_id)!;
    expect(announced).toMatchObject({
      type: 'risk_batch_completed',
      data: {
        batch_id: created.batch_id,
        account_id: owner.account_id,
        status: 'completed',
        total: 6,
        processed: 6,
        completed: 2,
        no_score: 1,
        consent_required: 1,
        invalid: 2,
        failed: 0,
        completed_at: done.completed_at,
      },
    });
    // The same event reaches the stream.
    const [streamed] = await awaitEvents(
      () => stream.published(),
      'risk_batch_completed',
      (data) => data.batch_id === created.batch_id,
    );
    expect(streamed.id).toBe(announced.id);
    stream.close();
  });

  it('evaluates a person with the consent the subject granted the account', async () => {
    const person = { country: 'AR', doc_id: CONSENTING_PERSON, subject_type: 'person' };
    const consent = await risk.grantedConsent(owner, { ...person, purpose: 'credit_evaluation' });
    const created = await json<RiskBatch>(await batches.create(owner, { items: [person] }), 201);
    expect((await batches.finished(owner, created.batch_id)).counts.completed).toBe(1);
    const [item] = await batches.items(owner, created.batch_id);
    const report = await json<Record<string, unknown>>(
      await risk.reportRaw(owner, item!.report_id!),
      200,
    );
    expect(report).toMatchObject({ consent_id: consent.consent_id, score: item!.score });
    // The item's key is the platform's own: the client never sent one, so the report has none.
    expect(report).not.toHaveProperty('idempotency_key');
  });

  it('takes a CSV file upload with its header, quotes and an invalid row', async () => {
    const file =
      '\ufeffsubject_type,country,doc_id\r\n' +
      `company,AR,"${COMPANIES[2]}"\r\n` +
      'company,AR,not-a-cuit\r\n' +
      `"company","ar",${COMPANIES[3]}\r\n`;
    const created = await json<RiskBatch>(await batches.upload(owner, file), 201);
    expect(created).toMatchObject({ source: 'csv', total: 3, processed: 1 });
    const done = await batches.finished(owner, created.batch_id);
    expect(done.counts).toMatchObject({ completed: 2, invalid: 1 });
    const items = await batches.items(owner, created.batch_id);
    expect(items.map((item) => [item.country, item.doc_id, item.status])).toEqual([
      ['AR', COMPANIES[2], 'completed'],
      ['AR', 'not-a-cuit', 'invalid'],
      ['AR', COMPANIES[3], 'completed'],
    ]);
    expect((await batches.list(owner)).map((batch) => batch.batch_id)).toContain(created.batch_id);
  });

  it('answers the same batch for the same key, and 409 for another request under it', async () => {
    const body = { items: [company(COMPANIES[3]!)], idempotency_key: `batch-${Date.now()}` };
    const first = await json<RiskBatch>(await batches.create(owner, body), 201);
    const again = await json<RiskBatch>(await batches.create(owner, body), 201);
    expect(again.batch_id).toBe(first.batch_id);
    await expectError(
      await batches.create(owner, { ...body, items: [company(COMPANIES[2]!)] }),
      409,
      'idempotency_conflict',
    );
  });

  it('refuses bad input with its code and stores nothing', async () => {
    const before = (await batches.list(owner)).length;
    const many = Array.from({ length: 5001 }, () => company(COMPANIES[0]!));
    await expectError(await batches.create(owner, { items: many }), 400, 'too_many_items');
    await expectError(
      await batches.create(owner, { items: [company('30710000015')] }),
      400,
      'no_valid_items',
    );
    await expectError(await batches.create(owner, { items: [] }), 400, 'no_valid_items');
    await expectError(
      await batches.create(owner, { items: [company(COMPANIES[0]!)], purpose: 'curiosity' }),
      400,
      'invalid_purpose',
    );
    await expectError(await batches.upload(owner, ''), 400, 'empty_file');
    await expectError(
      await batches.upload(owner, 'AR,30710000006,company\n'),
      400,
      'invalid_request',
    );
    await expectError(
      await batches.upload(owner, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {}, 'a.pdf'),
      415,
      'unsupported_file_type',
    );
    const huge = `country,doc_id,subject_type\n${'AR,30710000006,company\n'.repeat(60_000)}`;
    await expectError(await batches.upload(owner, huge), 413, 'file_too_large');
    expect((await batches.list(owner)).length).toBe(before);
  });

  it("answers 404 for another account's batch, its items and its results", async () => {
    const [mine] = await batches.list(owner);
    await expectError(await batches.get(other, mine!.batch_id), 404, 'not_found');
    await expectError(
      await batches.request('GET', `/v1/qscore/batches/${mine!.batch_id}/items`, {
        token: other.access_token,
      }),
      404,
      'not_found',
    );
    await expectError(await batches.results(other, mine!.batch_id), 404, 'not_found');
    await expectError(await batches.get(owner, 'not-a-batch'), 404, 'not_found');
    expect(await batches.list(other)).toEqual([]);
  });
});
