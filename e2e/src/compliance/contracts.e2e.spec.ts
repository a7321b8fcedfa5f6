import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { encodePng, signaturePng } from '@platform/testing';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  contractsClient,
  documentationGaps,
  expectError,
  expectFitsWidth,
  expectPublicPageChecks,
  identityClient,
  json,
  JSON_CONTENT,
  launchBrowser,
  openPage,
  PAGE_LOCALES,
  PAGE_WIDTHS,
  pdfToText,
  pixelsNear,
  renderPdfPage,
  type ContractEnvelopeBody,
  type ContractsClient,
  type ContractTemplateBody,
  type DocumentedOperation,
  type IdentityClient,
  type PageLocale,
  type SignedContractBody,
  type TestAccount,
} from '../clients';

/** Where the rendered pages go: an ignored folder of the repository, kept for a look. */
const SHOTS = path.resolve(__dirname, '../../../.tmp/screenshots');
/** The signature's ink: a blue no other part of the contract PDF uses. */
const INK: [number, number, number] = [0, 90, 200];

const template = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  title: 'Services Agreement',
  body:
    'This agreement is made between Demo Payments and {{client_name}}. The client pays a ' +
    'monthly fee of {{monthly_fee}}, starting on {{start_date}}. {{notes}}',
  fields: [
    { name: 'client_name', label: 'Client', required: true },
    { name: 'monthly_fee', label: 'Monthly fee', required: true },
    { name: 'start_date', label: 'Start date', required: true },
    { name: 'notes', label: 'Notes', required: false },
  ],
  ...overrides,
});
/** The page's banner for a signed contract, in each language. */
const SIGNED_TEXT: Record<PageLocale, string> = {
  en: 'Signed contract',
  es: 'Contrato firmado',
  zh: '已签署的合同',
};
const FIELDS = {
  client_name: 'Ana Maria Perez',
  monthly_fee: '120.00 USD',
  start_date: '2026-12-01',
};

/**
 * Contracts over HTTP (decisions D11): organization admins' versioned templates and envelopes,
 * an account signing with a drawn PNG, consent and OTP, the signed PDF (read as text and as an
 * image), and the public verification as JSON and as a page in a real browser.
 */
describe('contracts and signatures', () => {
  let platform: E2ePlatform;
  let contracts: ContractsClient;
  let identity: IdentityClient;
  let admin_token = '';
  let signer: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'contracts' });
    contracts = contractsClient(platform.environments.test);
    identity = identityClient(platform.environments.test);
    admin_token = (await identity.newOrgAdmin('demo')).session.access_token;
    [signer, stranger] = await Promise.all([
      contracts.account('ctr-signer', { display_name: 'Ana Maria Perez' }),
      contracts.account('ctr-stranger'),
    ]);
  });
  afterAll(async () => platform.close());

  const newTemplate = async (name: string, overrides: Record<string, unknown> = {}) =>
    json<ContractTemplateBody>(
      await contracts.createTemplate(admin_token, template(name, overrides)),
      201,
    );
  const newEnvelope = async (account: TestAccount, name: string, fields = FIELDS) =>
    json<ContractEnvelopeBody>(
      await contracts.createEnvelope(admin_token, {
        account_id: account.account_id,
        template: name,
        fields,
      }),
      201,
    );
  const otp = (account: TestAccount) => identity.otpToken(account.access_token, 'contract.sign');
  const signBody = (png = signaturePng(300, 100, INK)) => ({
    signature_png: png.toString('base64'),
    consent: true,
  });
  const pdfOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    return pdf;
  };

  it('documents every contract route', async () => {
    const document = await json(await fetch(`${contracts.base_url}/openapi.json`), 200);
    const envelope = '/v1/me/contracts/envelopes/{id}';
    const operations: DocumentedOperation[] = [
      {
        method: 'post',
        path: '/v1/org/contracts/templates',
        status: 201,
        answers: JSON_CONTENT,
        body: JSON_CONTENT,
        errors: [
          'invalid_request',
          'invalid_json',
          'unauthorized',
          'org_admin_required',
          'idempotency_conflict',
        ],
      },
      {
        method: 'get',
        path: '/v1/org/contracts/templates',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized', 'org_admin_required'],
      },
      {
        method: 'post',
        path: '/v1/org/contracts/envelopes',
        status: 201,
        answers: JSON_CONTENT,
        body: JSON_CONTENT,
        errors: [
          'invalid_request',
          'org_admin_required',
          'not_found',
          'idempotency_conflict',
          'contract_unfillable',
          'contract_template_superseded',
        ],
      },
      {
        method: 'get',
        path: '/v1/me/contracts/envelopes',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized'],
      },
      {
        method: 'get',
        path: envelope,
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized', 'not_found'],
      },
      {
        method: 'get',
        path: `${envelope}/pdf`,
        status: 200,
        answers: ['application/pdf'],
        errors: ['unauthorized', 'not_found'],
      },
      {
        method: 'post',
        path: `${envelope}/sign`,
        status: 200,
        answers: JSON_CONTENT,
        body: JSON_CONTENT,
        errors: [
          'invalid_request',
          'otp_required',
          'otp_invalid',
          'not_found',
          'duplicate',
          'invalid_signature_image',
          'contract_template_superseded',
        ],
      },
      // Public: the JSON verification or, asked with Accept: text/html, its page.
      {
        method: 'get',
        path: '/verify/contracts/{code}',
        status: 200,
        answers: [...JSON_CONTENT, 'text/html'],
        errors: ['not_found'],
      },
    ];
    expect(
      documentationGaps(document, /^\/(v1\/(org|me)\/contracts|verify\/contracts)\//, operations),
    ).toEqual([]);
  });

  describe('templates', () => {
    it('are created by organization admins, versioned by name, the older superseded', async () => {
      const first = await newTemplate('nda');
      expect(first).toEqual({
        template_id: expect.any(String),
        name: 'nda',
        version: 1,
        status: 'active',
        title: 'Services Agreement',
        body: expect.stringContaining('{{client_name}}'),
        fields: template('nda').fields,
        created_at: expect.any(String),
      });
      const second = await newTemplate('nda', { title: 'Services Agreement v2' });
      expect(second).toMatchObject({ name: 'nda', version: 2, status: 'active' });
      const listed = await json<{ page: number; templates: ContractTemplateBody[] }>(
        await contracts.templates(admin_token, '?page_size=100'),
        200,
      );
      const versions = listed.templates.filter((row) => row.name === 'nda');
      expect(versions.map((row) => [row.version, row.status])).toEqual([
        [2, 'active'],
        [1, 'superseded'],
      ]);
    });

    it('answers one template per idempotency key, and a conflict for another body', async () => {
      const body = template('lease');
      const first = await json<ContractTemplateBody>(
        await contracts.createTemplate(admin_token, body, { 'Idempotency-Key': 'ctr-tpl-1' }),
        201,
      );
      const again = await json<ContractTemplateBody>(
        await contracts.createTemplate(admin_token, { ...body, idempotency_key: 'ctr-tpl-1' }),
        201,
      );
      expect(again).toEqual(first);
      await expectError(
        await contracts.createTemplate(
          admin_token,
          { ...body, title: 'Other' },
          {
            'Idempotency-Key': 'ctr-tpl-1',
          },
        ),
        409,
        'idempotency_conflict',
      );
    });

    it('refuses undeclared placeholders, bad shapes and account credentials', async () => {
      await expectError(
        await contracts.createTemplate(admin_token, template('bad', { body: 'Hi {{stranger}}' })),
        400,
        'invalid_request',
      );
      await expectError(
        await contracts.createTemplate(admin_token, template('Bad Name')),
        400,
        'invalid_request',
      );
      await expectError(
        await contracts.createTemplate(admin_token, { ...template('extra'), color: 'red' }),
        400,
        'invalid_json',
      );
      const as_account = await fetch(`${contracts.base_url}/v1/org/contracts/templates`, {
        headers: signer.headers,
      });
      await expectError(as_account, 403, 'org_admin_required');
      // And an organization admin holds no account: the account's routes are not its own.
      await expectError(
        await contracts.envelopes({ headers: { authorization: `Bearer ${admin_token}` } }),
        403,
        'account_required',
      );
    });
  });

  describe('envelopes', () => {
    beforeAll(async () => {
      await newTemplate('services');
    });

    it('fill a template for an account of the organization, which alone reads them', async () => {
      const envelope = await newEnvelope(signer, 'services');
      expect(envelope).toEqual({
        envelope_id: expect.any(String),
        account_id: signer.account_id,
        template_id: expect.any(String),
        template_name: 'services',
        template_version: 1,
        title: 'Services Agreement',
        status: 'pending',
        fields: { ...FIELDS, notes: '' },
        created_at: expect.any(String),
        signed_at: null,
        code: null,
        sha256: null,
      });
      expect(await json(await contracts.envelope(signer, envelope.envelope_id), 200)).toEqual(
        envelope,
      );
      const listed = await json<{ envelopes: ContractEnvelopeBody[]; page: number }>(
        await contracts.envelopes(signer, '?page_size=100'),
        200,
      );
      expect(listed.page).toBe(1);
      expect(listed.envelopes.map((row) => row.envelope_id)).toContain(envelope.envelope_id);
      // Another account sees nothing of it (BOLA): 404, never 403.
      await expectError(await contracts.envelope(stranger, envelope.envelope_id), 404, 'not_found');
      await expectError(await contracts.pdf(stranger, envelope.envelope_id), 404, 'not_found');
      await expectError(
        await contracts.sign(stranger, envelope.envelope_id, signBody(), await otp(stranger)),
        404,
        'not_found',
      );
      await expectError(await contracts.envelope(signer, 'not-an-id'), 404, 'not_found');
      const theirs = await json<{ envelopes: ContractEnvelopeBody[] }>(
        await contracts.envelopes(stranger),
        200,
      );
      expect(theirs.envelopes.map((row) => row.envelope_id)).not.toContain(envelope.envelope_id);
    });

    it('are contract_unfillable with a required field missing or an unknown field', async () => {
      const base = { account_id: signer.account_id, template: 'services' };
      await expectError(
        await contracts.createEnvelope(admin_token, {
          ...base,
          fields: { client_name: 'Ana', monthly_fee: '1 USD' },
        }),
        422,
        'contract_unfillable',
      );
      await expectError(
        await contracts.createEnvelope(admin_token, {
          ...base,
          fields: { ...FIELDS, discount: '10%' },
        }),
        422,
        'contract_unfillable',
      );
    });

    it('are not_found for an account of another organization or an unknown template', async () => {
      const slug = `ctr-other-${Date.now().toString(36)}`;
      await identity.createOrganization(slug, 'Contracts Other');
      const outsider = await contracts.account('ctr-outsider', { org: slug });
      await expectError(
        await contracts.createEnvelope(admin_token, {
          account_id: outsider.account_id,
          template: 'services',
          fields: FIELDS,
        }),
        404,
        'not_found',
      );
      await expectError(
        await contracts.createEnvelope(admin_token, {
          account_id: signer.account_id,
          template: 'no-such-template',
          fields: FIELDS,
        }),
        404,
        'not_found',
      );
    });

    it('answer one envelope per idempotency key', async () => {
      const body = { account_id: signer.account_id, template: 'services', fields: FIELDS };
      const headers = { 'Idempotency-Key': 'ctr-env-1' };
      const first = await json<ContractEnvelopeBody>(
        await contracts.createEnvelope(admin_token, body, headers),
        201,
      );
      const again = await json<ContractEnvelopeBody>(
        await contracts.createEnvelope(admin_token, body, headers),
        201,
      );
      expect(again.envelope_id).toBe(first.envelope_id);
      await expectError(
        await contracts.createEnvelope(
          admin_token,
          { ...body, fields: { ...FIELDS, notes: 'changed' } },
          headers,
        ),
        409,
        'idempotency_conflict',
      );
    });

    it('show a preview PDF with the filled text and an empty signature box', async () => {
      const envelope = await newEnvelope(signer, 'services');
      const text = pdfToText(await pdfOf(await contracts.pdf(signer, envelope.envelope_id)));
      expect(text).toContain('Services Agreement');
      expect(text).toContain('Ana Maria Perez');
      expect(text).toContain('120.00 USD');
      expect(text).toContain('Not signed yet');
      expect(text).not.toContain('{{');
      // The details follow the template's order of fields, with their labels.
      const order = ['Client', 'Monthly fee', 'Start date', 'Notes'].map((label) =>
        text.indexOf(label),
      );
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    });
  });

  describe('signing', () => {
    let envelope: ContractEnvelopeBody;
    let signed: SignedContractBody;
    let signed_pdf: Buffer;

    beforeAll(async () => {
      await newTemplate('consulting');
      envelope = await newEnvelope(signer, 'consulting');
    });

    it('needs the OTP of contract.sign, literal consent and a real PNG', async () => {
      const id = envelope.envelope_id;
      await expectError(await contracts.sign(signer, id, signBody()), 403, 'otp_required');
      await expectError(
        await contracts.sign(signer, id, signBody(), 'not-a-token'),
        403,
        'otp_invalid',
      );
      for (const consent of [false, 'true', undefined])
        await expectError(
          await contracts.sign(
            signer,
            id,
            { signature_png: signaturePng().toString('base64'), consent },
            await otp(signer),
          ),
          400,
          'invalid_request',
        );
      const not_pngs = [
        Buffer.from('just some text').toString('base64'),
        'not base64 at all!',
        signaturePng().subarray(0, 200).toString('base64'),
        encodePng(4, 4, () => [0, 0, 0, 255]).toString('base64'),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64'),
      ];
      for (const signature_png of not_pngs)
        await expectError(
          await contracts.sign(signer, id, { signature_png, consent: true }, await otp(signer)),
          422,
          'invalid_signature_image',
        );
      // Nothing changed: the envelope waits for a signature.
      const still = await json<ContractEnvelopeBody>(await contracts.envelope(signer, id), 200);
      expect(still.status).toBe('pending');
    });

    it('signs once, answering the code, the verification page and the PDF hash', async () => {
      const response = await contracts.sign(
        signer,
        envelope.envelope_id,
        signBody(),
        await otp(signer),
      );
      signed = await json<SignedContractBody>(response, 200);
      expect(signed).toEqual({
        envelope_id: envelope.envelope_id,
        code: expect.stringMatching(/^CTR-[0-9A-HJKMNP-TV-Z]{12}$/),
        verify_url: `${contracts.base_url}/verify/contracts/${signed.code}`,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        signed_at: expect.any(String),
      });
      const read = await json<ContractEnvelopeBody>(
        await contracts.envelope(signer, envelope.envelope_id),
        200,
      );
      expect(read).toMatchObject({
        status: 'signed',
        code: signed.code,
        sha256: signed.sha256,
        signed_at: signed.signed_at,
      });
      await expectError(
        await contracts.sign(signer, envelope.envelope_id, signBody(), await otp(signer)),
        409,
        'duplicate',
      );
    });

    it('keeps the signed PDF whose hash it recorded, saying who signed, when and its code', async () => {
      signed_pdf = await pdfOf(await contracts.pdf(signer, envelope.envelope_id));
      expect(createHash('sha256').update(signed_pdf).digest('hex')).toBe(signed.sha256);
      const text = pdfToText(signed_pdf);
      for (const expected of [
        'Services Agreement',
        'Ana Maria Perez',
        '120.00 USD',
        '2026-12-01',
        signer.email,
        signed.code,
        `/verify/contracts/${signed.code}`,
        // The demo organization's zone, with the date the signing fell on there.
        'Signed at',
      ])
        expect(text).toContain(expected);
      expect(text).toMatch(
        /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [A-Za-z_/]+ \(UTC[+-]\d{2}:\d{2}\)/,
      );
      expect(text).not.toContain('Not signed yet');
    });

    it('draws the signature image on the page, where the preview has none', async () => {
      const page = renderPdfPage(signed_pdf);
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(page.png_file, path.join(SHOTS, 'contract-signed.png'));
      expect(page.width).toBeGreaterThan(400);
      // The blue stroke of the drawn signature, scaled into its box: hundreds of pixels.
      expect(pixelsNear(page, INK)).toBeGreaterThan(150);
      const preview_envelope = await newEnvelope(signer, 'consulting');
      const preview = renderPdfPage(
        await pdfOf(await contracts.pdf(signer, preview_envelope.envelope_id)),
      );
      expect(pixelsNear(preview, INK)).toBe(0);
    });

    it('refuses an envelope whose template a newer version superseded', async () => {
      // An account of its own: the signer above has asked for as many codes as a window allows.
      const supplier = await contracts.account('ctr-supplier');
      await newTemplate('supply');
      const old = await newEnvelope(supplier, 'supply');
      await newTemplate('supply', { title: 'Supply Agreement v2' });
      await expectError(
        await contracts.sign(supplier, old.envelope_id, signBody(), await otp(supplier)),
        422,
        'contract_template_superseded',
      );
      // Nor may a new envelope be made of the old version.
      await expectError(
        await contracts.createEnvelope(admin_token, {
          account_id: supplier.account_id,
          template: old.template_id,
          fields: FIELDS,
        }),
        422,
        'contract_template_superseded',
      );
      const current = await newEnvelope(supplier, 'supply');
      expect(current).toMatchObject({ template_version: 2, title: 'Supply Agreement v2' });
    });

    describe('public verification', () => {
      let browser: Browser;
      beforeAll(async () => {
        browser = await launchBrowser();
      });
      afterAll(async () => browser?.close());

      it('answers JSON with the hash and the masked signer, never the email', async () => {
        const body = await json<Record<string, unknown>>(await contracts.verify(signed.code), 200);
        expect(body).toEqual({
          code: signed.code,
          status: 'signed',
          title: 'Services Agreement',
          signed_at: signed.signed_at,
          sha256: signed.sha256,
          signer: 'A** M**** P****',
        });
        expect(JSON.stringify(body)).not.toContain(signer.email);
        // Codes are read case-insensitively, as people type them.
        expect(
          (await json<{ code: string }>(await contracts.verify(signed.code.toLowerCase()), 200))
            .code,
        ).toBe(signed.code);
        await expectError(await contracts.verify('CTR-UNKNOWN00000'), 404, 'not_found');
      });

      it('answers a localized HTML page showing the hash; an unknown code is JSON 404', async () => {
        const page = await contracts.verify(signed.code, { accept: 'text/html' });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        const html = await page.text();
        expect(html).toContain(signed.sha256);
        expect(html).toContain('Signed contract');
        expect(html).not.toContain(signer.email);
        const spanish = await (
          await contracts.verify(signed.code, { accept: 'text/html', 'accept-language': 'es' })
        ).text();
        expect(spanish).toContain('Contrato firmado');
        const chinese = await (
          await contracts.verify(signed.code, { accept: 'text/html' }, '?lang=zh')
        ).text();
        expect(chinese).toContain('已签署的合同');
        // Like every error of the platform, `{error, message}` JSON whatever was asked for.
        await expectError(
          await contracts.verify('CTR-UNKNOWN00000', { accept: 'text/html' }),
          404,
          'not_found',
        );
      });

      it('reads well in a browser on a desktop and on a phone', async () => {
        for (const width of PAGE_WIDTHS) {
          const tab = await openPage(browser, width);
          try {
            await tab.goto(signed.verify_url);
            expect(await tab.textContent('#sha256')).toBe(signed.sha256);
            expect(await tab.textContent('#signer')).toBe('A** M**** P****');
            expect(await tab.getAttribute('body', 'data-status')).toBe('signed');
            // Nothing sticks out sideways: the long hash wraps inside the column.
            await expectFitsWidth(tab);
            const hash_box = await tab.locator('#sha256').boundingBox();
            expect(hash_box!.x + hash_box!.width).toBeLessThanOrEqual(width);
          } finally {
            await tab.close();
          }
        }
      });

      for (const locale of PAGE_LOCALES) {
        it(`page in ${locale}: in its language, accessible, fits desktop and phone`, async () => {
          for (const width of PAGE_WIDTHS) {
            const tab = await openPage(browser, width);
            try {
              await tab.goto(`${signed.verify_url}?lang=${locale}`);
              await expect(tab.locator('h1').textContent()).resolves.toBe(SIGNED_TEXT[locale]);
              await expectPublicPageChecks(tab, 'contract-verify', locale, width);
            } finally {
              await tab.close();
            }
          }
        });
      }
    });
  });
});
