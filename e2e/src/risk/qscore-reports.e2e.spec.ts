import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventually,
  expectError,
  json,
  openAccount,
  payinsClient,
  payoutsClient,
  RISK_DOC_IDS,
  riskClient,
  type RiskClient,
  type TestAccount,
} from '../clients';

/**
 * Credit reports over HTTP (decisions D10): a company report, a person's with a granted consent,
 * the subject score, idempotent retries, BOLA, and the refusals with the spec's codes.
 */
describe('credit scoring reports', () => {
  let platform: E2ePlatform;
  let risk: RiskClient;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'qscore', settings: { SANDBOX_STEP_MS: '50' } });
    risk = riskClient(platform.environments.test);
    [owner, other] = await Promise.all([risk.register('qsown'), risk.register('qsoth')]);
  });
  afterAll(async () => platform.close());

  const company = {
    country: 'BR',
    doc_id: RISK_DOC_IDS.br_company,
    subject_type: 'company',
    purpose: 'supplier_onboarding',
  };

  it('creates a company report with a score, a band and explained factors', async () => {
    const report = await risk.createReport(owner, company);
    expect(report).toEqual({
      report_id: expect.any(String),
      account_id: owner.account_id,
      subject_id: 'BR-11222333000181',
      subject: { country: 'BR', doc_id: '11222333000181', subject_type: 'company' },
      purpose: 'supplier_onboarding',
      consent_id: null,
      score: expect.any(Number),
      band: expect.stringMatching(/^[A-E]$/),
      factors: expect.arrayContaining([
        { code: 'bureau_score', impact: 0, description: expect.any(String) },
      ]),
      evaluated_at: expect.any(String),
    });
    expect(report.score).toBeGreaterThanOrEqual(300);
    expect(report.score).toBeLessThanOrEqual(850);
    // The sandbox bureau is deterministic: the same subject scores the same.
    const again = await risk.createReport(owner, company);
    expect(again).toMatchObject({
      score: report.score,
      band: report.band,
      factors: report.factors,
    });
    expect(again.report_id).not.toBe(report.report_id);

    expect(await json(await risk.reportRaw(owner, report.report_id), 200)).toEqual(report);
    const listed = await risk.reports(owner);
    expect(listed.reports.map((row) => row.report_id)).toEqual([again.report_id, report.report_id]);
    await expectError(await risk.reportRaw(other, report.report_id), 404, 'not_found');
    expect((await risk.reports(other)).reports).toEqual([]);
  });

  it('answers one report per idempotency key, from the body or the header', async () => {
    const body = { ...company, idempotency_key: 'qscore-retry-1' };
    const first = await risk.createReport(owner, body);
    expect(first.idempotency_key).toBe('qscore-retry-1');
    expect((await risk.createReport(owner, body)).report_id).toBe(first.report_id);
    const by_header = await json<{ report_id: string }>(
      await risk.createReportRaw(owner, company, { 'idempotency-key': 'qscore-retry-1' }),
      201,
    );
    expect(by_header.report_id).toBe(first.report_id);
  });

  it('reports a person only with a granted consent of that very subject', async () => {
    const person = {
      country: 'AR',
      doc_id: RISK_DOC_IDS.ar_person,
      subject_type: 'person',
      purpose: 'credit_evaluation',
    };
    await expectError(await risk.createReportRaw(owner, person), 409, 'link_inactive');
    const pending = await risk.createConsent(owner, person);
    expect(pending).toMatchObject({ status: 'pending', subject_id: 'AR-20123456786' });
    await expectError(
      await risk.createReportRaw(owner, { ...person, consent_id: pending.consent_id }),
      409,
      'link_inactive',
    );
    await json(await risk.holderRaw(pending, 'authorize'), 200);
    const report = await risk.createReport(owner, { ...person, consent_id: pending.consent_id });
    expect(report).toMatchObject({ consent_id: pending.consent_id, subject_id: 'AR-20123456786' });

    const another = await risk.grantedConsent(owner, {
      ...person,
      doc_id: RISK_DOC_IDS.br_person,
      country: 'BR',
    });
    await expectError(
      await risk.createReportRaw(owner, { ...person, consent_id: another.consent_id }),
      409,
      'holder_mismatch',
    );
    // Another account's consent is no consent of this one.
    await expectError(
      await risk.createReportRaw(other, { ...person, consent_id: pending.consent_id }),
      409,
      'link_inactive',
    );
  });

  it('answers the latest score of a subject the account reported, and 403 before', async () => {
    const score = await json<Record<string, unknown>>(
      await risk.subjectScoreRaw(owner, RISK_DOC_IDS.br_company, 'BR'),
      200,
    );
    expect(score).toMatchObject({ subject_id: 'BR-11222333000181', band: expect.any(String) });
    await expectError(
      await risk.subjectScoreRaw(other, RISK_DOC_IDS.br_company, 'BR'),
      403,
      'report_required',
    );
  });

  it("counts the platform's own history: a verified holder of the document scores higher", async () => {
    const subject = {
      country: 'CL',
      doc_id: RISK_DOC_IDS.cl_person,
      subject_type: 'company',
      purpose: 'credit_evaluation',
    };
    const before = await risk.createReport(owner, subject);
    expect(before.factors.map((factor) => factor.code)).not.toContain('platform_verified_holder');
    // A sandbox account is verified at confirmation; its holder's tax id is the subject's.
    await openAccount(risk.http, {
      label: 'qsholder',
      registration: { country: 'CL', tax_id: RISK_DOC_IDS.cl_person },
    });
    const after = await eventually(
      () => risk.createReport(owner, subject),
      (report) => report.factors.some((factor) => factor.code === 'platform_verified_holder'),
    );
    expect(after.factors).toContainEqual({
      code: 'platform_verified_holder',
      impact: 20,
      description: expect.any(String),
    });
    expect(after.score).toBe(Math.min(850, before.score + 20));
  });

  it('counts completed payouts to a beneficiary with the document as tax id', async () => {
    const subject = {
      country: 'AR',
      doc_id: RISK_DOC_IDS.ar_company,
      subject_type: 'company',
      purpose: 'supplier_onboarding',
    };
    const payouts = payoutsClient(platform.environments.test);
    const { status, body } = await payouts.create(owner, {
      country: 'AR',
      currency: 'ARS',
      method: 'bank_transfer',
      amount: '10000.00',
      idempotency_key: 'qscore-payout-1',
      beneficiary: {
        name: 'Acme SA',
        tax_id: RISK_DOC_IDS.ar_company,
        account_number: '0110599520000001234567',
      },
    });
    expect(status).toBe(202);
    expect((await payouts.awaitPayout(owner, body.payout_id)).status).toBe('completed');
    const report = await eventually(
      () => risk.createReport(other, subject),
      (answer) => answer.factors.some((factor) => factor.code === 'platform_payouts_completed'),
    );
    expect(report.factors).toContainEqual({
      code: 'platform_payouts_completed',
      impact: 5,
      description: expect.any(String),
    });
  });

  it('counts credited payins whose payer the bank reported with the document as tax id', async () => {
    const subject = {
      country: 'AR',
      doc_id: RISK_DOC_IDS.ar_company,
      subject_type: 'company',
      purpose: 'supplier_onboarding',
    };
    const before = await risk.createReport(other, subject);
    expect(before.factors.map((factor) => factor.code)).not.toContain('platform_payins_credited');
    const payins = payinsClient(platform.environments.test);
    const cvu = await payins.openDepositAccount(owner, 'AR', 'ARS');
    const arrived = await payins.deposit(owner, cvu.deposit_account_id, {
      amount: '15000.00',
      payer: { name: 'Acme SA', tax_id: RISK_DOC_IDS.ar_company },
    });
    expect(arrived.status).toBe(201);
    expect((await payins.awaitSettled(owner, arrived.body.payin_id)).status).toBe('credited');
    const report = await eventually(
      () => risk.createReport(other, subject),
      (answer) => answer.factors.some((factor) => factor.code === 'platform_payins_credited'),
    );
    expect(report.factors).toContainEqual({
      code: 'platform_payins_credited',
      impact: 5,
      description: '1 payment(s) made by this subject on this platform were credited.',
    });
  });

  it('documents every credit-scoring route in the OpenAPI document, with its schemas', async () => {
    const document = await json<OpenApiDocument>(await risk.http.request('GET', '/openapi.json'));
    const schemaOf = (schema: OpenApiSchema | undefined): OpenApiSchema | undefined =>
      schema?.$ref
        ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]
        : schema;
    const gaps: string[] = [];
    for (const [method, route, status, kind] of CREDIT_SCORING_ROUTES) {
      const name = `${method} ${route}`;
      const operation = document.paths[route]?.[method];
      if (!operation) {
        gaps.push(`${name}: not documented`);
        continue;
      }
      if (!operation.summary) gaps.push(`${name}: no summary`);
      const content = operation.responses?.[String(status)]?.content ?? {};
      const answer = kind === 'json' ? schemaOf(content['application/json']?.schema) : undefined;
      if (kind === 'json' && !answer?.properties) gaps.push(`${name}: no ${status} answer schema`);
      if (kind !== 'json' && !content[kind]) gaps.push(`${name}: no ${status} ${kind} answer`);
      for (const parameter of route.match(/(?<=\{)[^}]+(?=\})/g) ?? [])
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === parameter))
          gaps.push(`${name}: path parameter ${parameter} undescribed`);
      if (ROUTES_WITH_BODY.has(name)) {
        const body = schemaOf(operation.requestBody?.content?.['application/json']?.schema);
        if (!body?.properties) gaps.push(`${name}: no request body schema`);
      }
    }
    expect(gaps).toEqual([]);
    // And the list is complete: no credit-scoring route is documented that it leaves out.
    const listed = new Set(CREDIT_SCORING_ROUTES.map(([method, route]) => `${method} ${route}`));
    const documented = Object.entries(document.paths)
      .filter(([route]) =>
        /^\/(v1\/(sandbox\/|verify\/)?qscore|consent\/qscore|verify\/qscore)\//.test(route),
      )
      .flatMap(([route, item]) => Object.keys(item).map((method) => `${method} ${route}`));
    expect(documented.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('refuses bad input with the spec codes and stores nothing', async () => {
    const before = (await risk.reports(other)).reports.length;
    const { purpose: _purpose, ...without_purpose } = company;
    await expectError(await risk.createReportRaw(other, without_purpose), 400, 'purpose_required');
    await expectError(
      await risk.createReportRaw(other, { ...company, purpose: 'curiosity' }),
      400,
      'invalid_purpose',
    );
    await expectError(
      await risk.createReportRaw(other, { ...company, doc_id: '11.222.333/0001-82' }),
      400,
      'invalid_doc_id',
    );
    await expectError(
      await risk.createReportRaw(other, { ...company, subject_type: 'person' }),
      400,
      'invalid_subject_type',
    );
    await expectError(
      await risk.createReportRaw(other, { ...company, subject_type: 'robot' }),
      400,
      'invalid_subject_type',
    );
    await expectError(
      await risk.createReportRaw(other, {
        country: 'US',
        doc_id: RISK_DOC_IDS.us_no_score,
        subject_type: 'company',
        purpose: 'other',
      }),
      404,
      'no_score',
    );
    await expectError(
      await risk.createReportRaw(other, { ...company, extra: 1 }),
      400,
      'invalid_json',
    );
    expect((await risk.reports(other)).reports).toHaveLength(before);
  });
});

interface OpenApiSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
}
interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiSchema> };
}

/**
 * Every public credit-scoring route (spec §4 and decisions D10) with its success status and what
 * it answers: a JSON object, or a file or page of that media type.
 */
const CREDIT_SCORING_ROUTES: readonly [string, string, number, string][] = [
  ['post', '/v1/qscore/reports', 201, 'json'],
  ['get', '/v1/qscore/reports', 200, 'json'],
  ['get', '/v1/qscore/reports/{id}', 200, 'json'],
  ['get', '/v1/qscore/reports/{id}/pdf', 200, 'application/pdf'],
  ['get', '/v1/qscore/subjects/{docID}/score', 200, 'json'],
  ['post', '/v1/qscore/subjects/{docID}/disputes', 201, 'json'],
  ['get', '/v1/qscore/subjects/{docID}/disputes', 200, 'json'],
  ['get', '/v1/qscore/disputes/{id}', 200, 'json'],
  ['put', '/v1/qscore/subjects/{docID}/monitoring', 201, 'json'],
  ['get', '/v1/qscore/subjects/{docID}/monitoring', 200, 'json'],
  ['delete', '/v1/qscore/subjects/{docID}/monitoring', 200, 'json'],
  ['get', '/v1/qscore/monitoring', 200, 'json'],
  ['post', '/v1/qscore/batches', 201, 'json'],
  ['get', '/v1/qscore/batches', 200, 'json'],
  ['get', '/v1/qscore/batches/{id}', 200, 'json'],
  ['get', '/v1/qscore/batches/{id}/items', 200, 'json'],
  ['get', '/v1/qscore/batches/{id}/results.csv', 200, 'text/csv'],
  ['post', '/v1/qscore/consents', 201, 'json'],
  ['get', '/v1/qscore/consents', 200, 'json'],
  ['get', '/v1/qscore/consents/{id}', 200, 'json'],
  ['post', '/v1/qscore/consents/{id}/revoke', 200, 'json'],
  ['post', '/v1/qscore/my-report', 201, 'json'],
  ['get', '/v1/qscore/my-report', 200, 'json'],
  ['get', '/v1/qscore/my-report/pdf', 200, 'application/pdf'],
  ['post', '/v1/qscore/my-seal', 201, 'json'],
  ['get', '/v1/qscore/my-seal', 200, 'json'],
  ['delete', '/v1/qscore/my-seal', 200, 'json'],
  ['post', '/v1/qscore/fraud/reports', 201, 'json'],
  ['get', '/v1/qscore/fraud/reports/{id}', 200, 'json'],
  ['get', '/v1/qscore/index', 200, 'json'],
  ['get', '/v1/qscore/index/account', 200, 'json'],
  ['get', '/verify/qscore/seal/{code}', 200, 'text/html'],
  ['get', '/verify/qscore/seal/{code}/badge.svg', 200, 'image/svg+xml'],
  ['get', '/v1/verify/qscore/{code}', 200, 'json'],
  ['get', '/consent/qscore/{token}', 200, 'text/html'],
  ['get', '/consent/qscore/{token}/state', 200, 'json'],
  ['post', '/consent/qscore/{token}/authorize', 200, 'json'],
  ['post', '/consent/qscore/{token}/decline', 200, 'json'],
  ['post', '/v1/sandbox/qscore/subjects/{docID}/score', 200, 'json'],
  ['post', '/v1/sandbox/qscore/disputes/{id}/decision', 200, 'json'],
];
/** The routes that take a JSON body with fields of their own. */
const ROUTES_WITH_BODY = new Set([
  'post /v1/qscore/reports',
  'post /v1/qscore/subjects/{docID}/disputes',
  'post /v1/qscore/batches',
  'post /v1/qscore/consents',
  'post /v1/qscore/my-report',
  'post /v1/qscore/fraud/reports',
  'post /v1/sandbox/qscore/subjects/{docID}/score',
  'post /v1/sandbox/qscore/disputes/{id}/decision',
]);
