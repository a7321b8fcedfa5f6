import { startPlatform, type E2ePlatform } from '../harness';
import {
  amlClient,
  amlPerson,
  expectError,
  renderPdf,
  type AmlClient,
  type TestAccount,
} from '../clients';

/** The status line's colours of the report (libs/documents). */
const GREEN = '#1a7f37';
const RED = '#b42318';

/**
 * A screening's report PDF (decisions D8), checked the way a person reads it: rendered by
 * Chromium's PDF viewer to an image, whose status line is green for a clear subject and red for
 * a match. Localized (`lang` en, es, zh), another account's: 404.
 */
describe('AML screening report', () => {
  let platform: E2ePlatform;
  let aml: AmlClient;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'amlreport' });
    aml = amlClient(platform.environments.test);
    owner = await aml.register('amlreport');
  });
  afterAll(async () => platform.close());

  const pdfOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    return pdf;
  };

  it('renders a clear subject green and a match red; Spanish and Chinese too', async () => {
    const clear = await aml.screen(owner, amlPerson('Ana Silva'));
    const match = await aml.screen(owner, amlPerson('Dmitri Aleksandrovich Volkov'));
    const clear_image = await renderPdf(
      await pdfOf(await aml.report(owner, clear.screening_id)),
      [GREEN, RED],
      'clear',
    );
    expect(clear_image.counts.near[GREEN]).toBeGreaterThan(20);
    expect(clear_image.counts.near[RED]).toBe(0);
    // Chinese draws with the bundled CJK font: a missing glyph would show as an empty box.
    const image = await renderPdf(
      await pdfOf(await aml.report(owner, match.screening_id, '?lang=zh')),
      [GREEN, RED],
      'match-zh',
    );
    expect(image.counts.near[RED]).toBeGreaterThan(20);
    expect(image.counts.near[GREEN]).toBe(0);
    await pdfOf(await aml.report(owner, match.screening_id, '?lang=es'));
  });

  it('refuses another language, and another account', async () => {
    const screening = await aml.screen(owner, amlPerson('Ana Silva'));
    await expectError(
      await aml.report(owner, screening.screening_id, '?lang=fr'),
      400,
      'invalid_language',
    );
    const stranger = await aml.register('amlstranger');
    await expectError(await aml.report(stranger, screening.screening_id), 404, 'not_found');
  });
});
