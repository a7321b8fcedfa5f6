import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  expectError,
  json,
  pdfGlyphIds,
  pdfText,
  pixelsNear,
  renderPdfPage,
  RISK_DOC_IDS,
  riskClient,
  riskPagesClient,
  type RiskClient,
  type RiskPagesClient,
  type RiskReportBody,
  type SealBody,
  type TestAccount,
} from '../clients';

/** Documents with valid AR check digits, one per account of the suite (sandbox scores differ). */
const DOC_IDS = {
  person: '20333333334',
  company_a: '30709998885',
  company_d: '30711112223',
};
/** Where the rendered report goes: an ignored folder of the repository, kept for a look. */
const SHOTS = path.resolve(__dirname, '../../../.tmp/screenshots');
/** The gauge's ends as the PDF draws them: band A's green and band E's red. */
const GREEN = [0x1a, 0x7f, 0x37] as const;
const RED = [0xb4, 0x23, 0x18] as const;

/**
 * Credit scoring documents over HTTP (decisions D10): report PDFs as a person reads them (en, es
 * and zh, rendered to an image), the account's own report (free, one per 30 days), and company
 * seals with their public badge and JSON verification, revocation and eligibility rules.
 */
describe('credit scoring: report PDFs, own report, seals', () => {
  let platform: E2ePlatform;
  let risk: RiskClient;
  let pages: RiskPagesClient;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'qscoredocs' });
    risk = riskClient(platform.environments.test);
    pages = riskPagesClient(platform.environments.test);
    owner = await risk.register('qsdocs');
  });
  afterAll(async () => platform.close());

  const pdfOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    return pdf;
  };

  /**
   * Page 1 of a report PDF drawn to an image (pdftoppm; a copy kept in SHOTS as `name`): it looks
   * like a report when the gauge spans every band, its green and red ends drawn. Text extraction
   * alone would pass a PDF whose fonts or shapes a viewer cannot draw.
   */
  const expectDrawnAsReport = (pdf: Buffer, name: string) => {
    const page = renderPdfPage(pdf);
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(page.png_file, path.join(SHOTS, `${name}.png`));
    expect(page.width).toBeGreaterThan(400);
    expect(pixelsNear(page, GREEN)).toBeGreaterThan(50);
    expect(pixelsNear(page, RED)).toBeGreaterThan(50);
  };

  describe('report PDF', () => {
    let report: RiskReportBody;
    beforeAll(async () => {
      report = await risk.createReport(owner, {
        country: 'AR',
        doc_id: RISK_DOC_IDS.ar_company,
        subject_type: 'company',
        purpose: 'supplier_onboarding',
      });
    });

    it('says the score, band, factors, purpose, subject and dates, in English and Spanish', async () => {
      const english = pdfText(await pdfOf(await pages.reportPdf(owner, report.report_id)));
      for (const text of [
        'Credit report',
        String(report.score),
        `Band ${report.band}`,
        'What shaped this score',
        'Credit bureau score',
        'Supplier onboarding',
        'Company',
        report.subject.doc_id,
        report.report_id,
        report.evaluated_at.slice(0, 10),
        'About this report',
      ])
        expect(english).toContain(text);
      const spanish = pdfText(
        await pdfOf(await pages.reportPdf(owner, report.report_id, '?lang=es')),
      );
      expect(spanish).toContain('Informe de crédito');
      expect(spanish).toContain('Alta de proveedores');
      expect(spanish).toContain('Puntaje del buró de crédito');
    });

    it.each(['en', 'es'])('draws %s like a report once rendered', async (lang) => {
      const pdf = await pdfOf(await pages.reportPdf(owner, report.report_id, `?lang=${lang}`));
      expectDrawnAsReport(pdf, `qscore-report-${lang}`);
    });

    it('draws Chinese with no missing glyph, and looks like a report once rendered', async () => {
      const pdf = await pdfOf(await pages.reportPdf(owner, report.report_id, '?lang=zh'));
      expect(pdf.toString('latin1')).toContain('NotoSansCJKsc');
      const glyphs = pdfGlyphIds(pdf);
      expect(glyphs.length).toBeGreaterThan(20);
      // Glyph 0 is the font's "missing" box: every Chinese character must have its own.
      expect(glyphs.filter((glyph) => glyph === 0)).toEqual([]);
      expectDrawnAsReport(pdf, 'qscore-report-zh');
    });

    it("refuses another language and another account's report", async () => {
      await expectError(
        await pages.reportPdf(owner, report.report_id, '?lang=fr'),
        400,
        'invalid_language',
      );
      const stranger = await risk.register('qsdocs-other');
      await expectError(await pages.reportPdf(stranger, report.report_id), 404, 'not_found');
    });
  });

  describe('own report', () => {
    it('is made once per 30 days for the verified tax id, as JSON and PDF', async () => {
      const person = await pages.holder('qsown', { tax_id: DOC_IDS.person });
      await expectError(await pages.myReport(person), 404, 'not_found');
      // The PDF is drawn from the own report, and none is made yet.
      await expectError(await pages.myReportPdf(person), 404, 'pdf_not_ready');
      // A client that names the document it expects is told when it is not the verified one.
      const someone_else = { country: 'AR', doc_id: '30-71234567-1' };
      await expectError(await pages.myReportRaw(person, someone_else), 409, 'identity_mismatch');
      const bad_check_digit = { doc_id: DOC_IDS.person.slice(0, -1) + '0' };
      await expectError(await pages.myReportRaw(person, bad_check_digit), 400, 'invalid_tax_id');
      await expectError(await pages.myReport(person), 404, 'not_found');
      // Two requests at once make one report: one answers 201, the other 200 with it.
      const [first, second] = await Promise.all([
        pages.myReportRaw(person),
        pages.myReportRaw(person),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      const created = await json<RiskReportBody>(first);
      expect((await json<RiskReportBody>(second)).report_id).toBe(created.report_id);
      expect(created.subject).toEqual({
        country: 'AR',
        doc_id: DOC_IDS.person,
        subject_type: 'person',
      });
      expect(created.account_id).toBe(person.account_id);
      // The own report's key is the platform's own, and no client's report can take it.
      expect(created).not.toHaveProperty('idempotency_key');
      await expectError(
        await risk.createReportRaw(person, {
          country: 'AR',
          doc_id: DOC_IDS.person,
          subject_type: 'person',
          purpose: 'other',
          idempotency_key: `own-report:${person.account_id}:2`,
        }),
        400,
        'reserved_idempotency_key',
      );
      const same = { country: 'AR', doc_id: DOC_IDS.person };
      const again = await json<RiskReportBody>(await pages.myReportRaw(person, same), 200);
      expect(again.report_id).toBe(created.report_id);
      expect(await json(await pages.myReport(person), 200)).toEqual(created);
      const text = pdfText(await pdfOf(await pages.myReportPdf(person, '?lang=es')));
      expect(text).toContain('Mi informe de crédito');
      expect(text).toContain(DOC_IDS.person);
      // An own report is one of the account's reports: its PDF is there too.
      await pdfOf(await pages.reportPdf(person, created.report_id));
    });

    it('needs a tax id on the verified profile', async () => {
      const no_tax_id = await pages.holder('qsnotax', {});
      await expectError(await pages.myReportRaw(no_tax_id), 409, 'no_tax_id');
    });
  });

  describe('seals', () => {
    it('are for companies in band A or B only', async () => {
      const person = await pages.holder('qsperson', { tax_id: DOC_IDS.person });
      await expectError(await pages.createSealRaw(person), 409, 'seal_companies_only');

      const weak = await pages.holder('qsweak', { type: 'company', tax_id: DOC_IDS.company_d });
      await expectError(await pages.createSealRaw(weak), 409, 'seal_not_eligible');
      await json(
        await risk.setBureauScoreRaw(weak, DOC_IDS.company_d, { score: 520, country: 'AR' }),
        200,
      );
      const report = await json<RiskReportBody>(await pages.myReportRaw(weak), 201);
      expect(report.band).toBe('D');
      await expectError(await pages.createSealRaw(weak), 409, 'seal_not_eligible');
      await expectError(await pages.sealRaw(weak), 404, 'no_active_seal');
    });

    it('are published, verified in public (JSON, SVG) and revoked', async () => {
      const company = await pages.holder('qsseal', {
        type: 'company',
        tax_id: DOC_IDS.company_a,
        display_name: 'Analytical Engines SA',
      });
      await json(
        await risk.setBureauScoreRaw(company, DOC_IDS.company_a, { score: 800, country: 'AR' }),
        200,
      );
      const report = await json<RiskReportBody>(await pages.myReportRaw(company), 201);
      await expectError(await pages.sealRaw(company), 404, 'no_active_seal');

      // Two requests at once publish one seal.
      const [first, second] = await Promise.all([
        pages.createSealRaw(company),
        pages.createSealRaw(company),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      const seal = await json<SealBody>(first);
      expect((await json<SealBody>(second)).code).toBe(seal.code);
      expect(seal).toMatchObject({
        status: 'valid',
        company_name: 'Analytical Engines SA',
        country: 'AR',
        doc_id: DOC_IDS.company_a,
        band: 'A',
        report_id: report.report_id,
        evaluated_at: report.evaluated_at,
      });
      expect(Date.parse(seal.expires_at) - Date.parse(seal.evaluated_at)).toBe(90 * 86_400_000);
      expect(pages.publicPath(seal.verify_url)).toBe(`/verify/qscore/seal/${seal.code}`);
      expect(pages.publicPath(seal.badge_url)).toBe(`/verify/qscore/seal/${seal.code}/badge.svg`);
      // Asking again shows the same seal; so does reading it.
      expect((await json<SealBody>(await pages.createSealRaw(company), 200)).code).toBe(seal.code);
      expect(await json(await pages.sealRaw(company), 200)).toEqual(seal);

      const verified = await json(await pages.verifySeal(seal.code), 200);
      expect(verified).toEqual({
        code: seal.code,
        status: 'valid',
        company_name: 'Analytical Engines SA',
        country: 'AR',
        doc_id: DOC_IDS.company_a,
        band: 'A',
        evaluated_at: seal.evaluated_at,
        issued_at: seal.issued_at,
        expires_at: seal.expires_at,
        revoked_at: null,
      });
      const badge = await pages.sealBadge(seal.code);
      expect(badge.status).toBe(200);
      expect(badge.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const svg = await badge.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('aria-label="Credit seal: A · Valid"');
      const page = await pages.sealPage(seal.code, '?lang=es');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('Analytical Engines SA');

      const revoked = await json<SealBody>(await pages.revokeSealRaw(company), 200);
      expect(revoked).toMatchObject({ code: seal.code, status: 'revoked' });
      await expectError(await pages.sealRaw(company), 404, 'no_active_seal');
      await expectError(await pages.revokeSealRaw(company), 404, 'no_active_seal');
      expect(await json(await pages.verifySeal(seal.code), 200)).toMatchObject({
        status: 'revoked',
        revoked_at: revoked.revoked_at,
      });
      expect(await (await pages.sealBadge(seal.code, '?lang=en')).text()).toContain(
        'Credit seal: A · Revoked',
      );
      // A seal can be published again from the same evaluation: a new code.
      expect((await pages.createSeal(company)).code).not.toBe(seal.code);
    });

    it('answer 404 not_found for an unknown code', async () => {
      await expectError(await pages.verifySeal('QS-0000-0000-0000-0000'), 404, 'not_found');
      await expectError(await pages.sealPage('nothing'), 404, 'not_found');
      await expectError(await pages.sealBadge('nothing'), 404, 'not_found');
    });
  });
});
