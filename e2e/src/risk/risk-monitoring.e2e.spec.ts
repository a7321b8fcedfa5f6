import { startPlatform, type E2ePlatform } from '../harness';
import {
  awaitEvents,
  eventsClient,
  expectError,
  hookEvent,
  json,
  openAccount,
  receivedEvents,
  riskWatchClient,
  settle,
  startWebhookReceiver,
  type SseClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

/** AR companies (CUIT 30-...): no consent needed for their reports. */
const WATCHED = '30700000016';
/** The sandbox bureau reports late payments of this one (a `delinquencies` factor). */
const LATE_PAYER = '30710001924';
const UNREPORTED = '30700000024';
const PERSON = '20123456786';

type Body = Record<string, any>;

/**
 * The bureau's watch (decisions D10): monitoring of reported subjects rescored on bureau changes
 * (`risk_score_changed`, `risk_monitoring_alert`), disputes of report factors decided in the
 * sandbox and by an operator (`dispute_status_changed`, the factor neutralized afterwards),
 * fraud reports (`risk_fraud_score_ready`) and the index, over webhooks and the stream.
 */
describe('credit scoring watch: monitoring, disputes, fraud, index', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let stream: SseClient;
  let owner: TestAccount;
  let other: TestAccount;
  const watch = riskWatchClient(() => platform.environments.test);
  const { api, call, companyReport: report } = watch;
  const events = eventsClient(() => platform.environments.test);
  const monitoringOf = watch.monitoringRoute;
  const setBureauScore = (doc_id: string, score: number) =>
    watch.setBureauScore(owner, doc_id, score);
  /** The owner's webhook deliveries of `type` matching `match`, once `count` have come. */
  const delivered = (type: string, match: (data: Body) => boolean, count = 1) =>
    awaitEvents(receivedEvents(receiver), type, match, count);
  const streamed = (type: string, match: (data: Body) => boolean) =>
    awaitEvents(() => stream.published(), type, match);
  const ofSubject = (doc_id: string) => (data: Body) => data.doc_id === doc_id;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'riskwatch',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100' },
    });
    [owner, other] = await Promise.all([
      openAccount(api, { label: 'riskown' }),
      openAccount(api, { label: 'riskoth' }),
    ]);
    await events.subscription(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/risk'),
      secret: 'risk-watch-webhook-secret-0123456789',
    });
    stream = await (await events.stream(owner.access_token)).connected();
  });
  afterAll(async () => {
    stream?.close();
    await platform?.close();
    await receiver?.close();
  });

  it('monitors only a reported subject; a repeat answers the one subscription', async () => {
    await expectError(await call(owner, 'PUT', monitoringOf(UNREPORTED)), 403, 'report_required');
    await expectError(await call(owner, 'PUT', monitoringOf(WATCHED, '')), 400, 'country_required');
    await expectError(await call(owner, 'PUT', monitoringOf('30700000017')), 400, 'invalid_doc_id');
    await setBureauScore(WATCHED, 700);
    const reported = await report(owner, WATCHED);
    expect(reported).toMatchObject({ score: 700, band: 'B' });
    const created = await json<Body>(await call(owner, 'PUT', monitoringOf(WATCHED)), 201);
    expect(created).toMatchObject({
      subject: { country: 'AR', doc_id: WATCHED, subject_type: 'company' },
      status: 'active',
      score: 700,
      band: 'B',
    });
    const again = await json<Body>(await call(owner, 'PUT', monitoringOf(WATCHED)), 200);
    expect(again.monitoring_id).toBe(created.monitoring_id);
    expect(await json(await call(owner, 'GET', monitoringOf(WATCHED)), 200)).toEqual(created);
    const listed = await json<Body>(await call(owner, 'GET', '/v1/qscore/monitoring'), 200);
    expect(listed.monitoring.map((row: Body) => row.monitoring_id)).toEqual([
      created.monitoring_id,
    ]);
    // Another account sees nothing of it.
    await expectError(await call(other, 'GET', monitoringOf(WATCHED)), 404, 'not_found');
    expect(
      (await json<Body>(await call(other, 'GET', '/v1/qscore/monitoring'), 200)).monitoring,
    ).toEqual([]);
  });

  it('tells a score change, and past a band boundary an alert, by webhook and stream', async () => {
    await setBureauScore(WATCHED, 760);
    const [alert] = await delivered('risk_monitoring_alert', ofSubject(WATCHED));
    expect(alert.data).toMatchObject({
      previous_score: 700,
      score: 760,
      previous_band: 'B',
      band: 'A',
      alert: 'band_changed',
      direction: 'improved',
    });
    expect((await streamed('risk_monitoring_alert', ofSubject(WATCHED)))[0].id).toBe(alert.id);
    const [changed] = await delivered('risk_score_changed', ofSubject(WATCHED));
    expect(changed.data).toMatchObject({ previous_score: 700, score: 760, band: 'A' });
    expect((await streamed('risk_score_changed', ofSubject(WATCHED)))[0].id).toBe(changed.id);
    // Within the band: a score change without an alert.
    await setBureauScore(WATCHED, 790);
    const changes = await delivered('risk_score_changed', ofSubject(WATCHED), 2);
    expect(changes.map((event) => event.data.score).sort()).toEqual([760, 790]);
    await settle();
    expect(
      receiver.received.map(hookEvent).filter((e) => e.type === 'risk_monitoring_alert'),
    ).toHaveLength(1);
    expect(await json(await call(owner, 'GET', monitoringOf(WATCHED)), 200)).toMatchObject({
      score: 790,
      band: 'A',
    });
  });

  it('stops: GET answers not_found and a later change tells nothing', async () => {
    const stopped = await json<Body>(await call(owner, 'DELETE', monitoringOf(WATCHED)), 200);
    expect(stopped.deleted).toBe(true);
    await expectError(await call(owner, 'GET', monitoringOf(WATCHED)), 404, 'not_found');
    await expectError(await call(owner, 'DELETE', monitoringOf(WATCHED)), 404, 'not_found');
    await setBureauScore(WATCHED, 600);
    await settle(1500);
    const told = receiver.received.map(hookEvent).filter((e) => e.data.score === 600);
    expect(told).toEqual([]);
  });

  it('disputes a factor of the latest report; a resolution neutralizes it', async () => {
    const late = await report(owner, LATE_PAYER);
    const delinquencies = late.factors.find((factor: Body) => factor.code === 'delinquencies');
    expect(delinquencies.impact).toBeLessThan(0);
    await json(await call(owner, 'PUT', monitoringOf(LATE_PAYER)), 201);
    const route = `/v1/qscore/subjects/${LATE_PAYER}/disputes`;
    await expectError(
      await call(owner, 'POST', route, { factor_code: 'bankruptcy', reason: 'x', country: 'AR' }),
      400,
      'invalid_request',
    );
    await expectError(
      await call(owner, 'POST', `/v1/qscore/subjects/${UNREPORTED}/disputes?country=AR`, {
        factor_code: 'delinquencies',
        reason: 'paid on time',
      }),
      403,
      'report_required',
    );
    const body = {
      factor_code: 'delinquencies',
      reason: 'paid on time, receipts sent',
      country: 'AR',
    };
    const opened = await json<Body>(await call(owner, 'POST', route, body), 201);
    expect(opened).toMatchObject({
      kind: 'credit_report',
      status: 'open',
      report_id: late.report_id,
      factor_code: 'delinquencies',
      resolution: null,
    });
    expect(await json<Body>(await call(owner, 'POST', route, body), 200)).toEqual(opened);
    const dispute = `/v1/qscore/disputes/${opened.dispute_id}`;
    await expectError(await call(other, 'GET', dispute), 404, 'not_found');
    await expectError(
      await call(other, 'POST', `/v1/sandbox/qscore/disputes/${opened.dispute_id}/decision`, {
        decision: 'resolved',
      }),
      404,
      'not_found',
    );
    const resolved = await json<Body>(
      await call(owner, 'POST', `/v1/sandbox/qscore/disputes/${opened.dispute_id}/decision`, {
        decision: 'resolved',
        note: 'the creditor confirmed the payments',
      }),
      200,
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolution: { decision: 'resolved' } });
    expect(await json(await call(owner, 'GET', dispute), 200)).toEqual(resolved);
    const statuses = await delivered(
      'dispute_status_changed',
      (data) => data.dispute_id === opened.dispute_id,
      2,
    );
    expect(
      statuses.map((event) => [event.data.kind, event.data.previous_status, event.data.status]),
    ).toEqual(
      expect.arrayContaining([
        ['credit_report', null, 'open'],
        ['credit_report', 'open', 'resolved'],
      ]),
    );
    // The monitor is rescored at once, and later reports give the factor no points.
    const [rescored] = await delivered('risk_score_changed', ofSubject(LATE_PAYER));
    expect(rescored.data).toMatchObject({
      previous_score: late.score,
      score: late.score - delinquencies.impact,
    });
    const corrected = await report(owner, LATE_PAYER);
    expect(corrected.score).toBe(late.score - delinquencies.impact);
    expect(corrected.factors.find((factor: Body) => factor.code === 'delinquencies').impact).toBe(
      0,
    );
    // Decided once: the other decision is already_decided, by the operator too.
    await expectError(
      await api.operator('POST', `/admin/v1/qscore/disputes/${opened.dispute_id}/decision`, {
        decision: 'rejected',
      }),
      409,
      'already_decided',
    );
    const listed = await json<Body>(await call(owner, 'GET', `${route}?country=AR`), 200);
    expect(listed.disputes.map((row: Body) => row.dispute_id)).toEqual([opened.dispute_id]);
  });

  it("lets an operator reject any account's dispute", async () => {
    const opened = await json<Body>(
      await call(owner, 'POST', `/v1/qscore/subjects/${LATE_PAYER}/disputes?country=AR`, {
        factor_code: 'bureau_score',
        reason: 'the bureau rating is outdated',
      }),
      201,
    );
    const rejected = await json<Body>(
      await api.operator('POST', `/admin/v1/qscore/disputes/${opened.dispute_id}/decision`, {
        decision: 'rejected',
        note: 'the rating is current',
      }),
      200,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      resolution: { note: 'the rating is current' },
    });
    await delivered('dispute_status_changed', (data) => data.status === 'rejected');
  });

  it('scores a fraud report from its signals, told by webhook and stream; a key names one', async () => {
    const body = {
      country: 'AR',
      doc_id: PERSON,
      device_mismatch: true,
      document_reuse_count: 2,
      applications_last_24h: 6,
      idempotency_key: 'fraud-1',
    };
    const scored = await json<Body>(
      await call(owner, 'POST', '/v1/qscore/fraud/reports', body),
      201,
    );
    expect(scored).toMatchObject({
      subject: { country: 'AR', doc_id: PERSON, subject_type: 'person' },
      fraud_score: 75,
      level: 'very_high',
    });
    expect(scored.reasons.map((reason: Body) => [reason.code, reason.points])).toEqual([
      ['document_reuse', 35],
      ['device_mismatch', 20],
      ['velocity', 20],
    ]);
    expect(await json(await call(owner, 'POST', '/v1/qscore/fraud/reports', body), 200)).toEqual(
      scored,
    );
    await expectError(
      await call(owner, 'POST', '/v1/qscore/fraud/reports', { ...body, device_mismatch: false }),
      409,
      'idempotency_conflict',
    );
    await expectError(
      await call(owner, 'POST', '/v1/qscore/fraud/reports', {
        country: 'AR',
        doc_id: '20123456780',
      }),
      400,
      'invalid_doc_id',
    );
    await expectError(
      await call(owner, 'POST', '/v1/qscore/fraud/reports', {
        country: 'AR',
        doc_id: PERSON,
        velocity: 3,
      }),
      400,
      'invalid_json',
    );
    await expectError(
      await call(owner, 'POST', '/v1/qscore/fraud/reports', {
        country: 'AR',
        doc_id: PERSON,
        document_reuse_count: -1,
      }),
      400,
      'invalid_request',
    );
    const read = `/v1/qscore/fraud/reports/${scored.fraud_report_id}`;
    expect(await json(await call(owner, 'GET', read), 200)).toEqual(scored);
    await expectError(await call(other, 'GET', read), 404, 'not_found');
    const ofScored = (data: Body) => data.fraud_report_id === scored.fraud_report_id;
    const [ready] = await delivered('risk_fraud_score_ready', ofScored);
    expect(ready.data).toMatchObject({
      fraud_score: 75,
      level: 'very_high',
      idempotency_key: 'fraud-1',
    });
    expect((await streamed('risk_fraud_score_ready', ofScored))[0].id).toBe(ready.id);
  });

  it("indexes the account's reported subjects and tells its standing", async () => {
    const index = await json<Body>(await call(owner, 'GET', '/v1/qscore/index'), 200);
    expect(index).toMatchObject({ subjects: 2, scored_subjects: 2 });
    const bands = Object.values(index.bands as Record<string, number>);
    expect(bands.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(index.min_score).toBeLessThanOrEqual(index.median_score);
    expect(await json(await call(other, 'GET', '/v1/qscore/index'), 200)).toMatchObject({
      subjects: 0,
      average_score: null,
    });
    const standing = await json<Body>(await call(owner, 'GET', '/v1/qscore/index/account'), 200);
    expect(standing).toMatchObject({
      reports: { total: 3, last_30_days: 3 },
      subjects_reported: 2,
      monitored_subjects: 1,
      disputes: { open: 0, resolved: 1, rejected: 1 },
      fraud_reports: { total: 1, high_or_very_high: 1 },
    });
  });
});
