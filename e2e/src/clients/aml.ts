import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** A screening as `POST /v1/aml/screenings` and `GET /v1/aml/screenings/{id}` answer it (D8). */
export interface AmlScreeningBody {
  screening_id: string;
  status: 'clear' | 'potential_match' | 'match';
  subject: Record<string, unknown>;
  matches: { list: string; name: string; score: number; reasons: string[] }[];
  monitoring: boolean;
  created_at: string;
  updated_at: string;
}

type Caller = Pick<TestAccount, 'headers'>;

/** A person subject named `name`; `overrides` replace its fields. */
export const amlPerson = (name: string, overrides: Record<string, unknown> = {}) => ({
  type: 'person',
  name,
  country: 'BO',
  ...overrides,
});

let key_counter = 0;
/** An idempotency key no other call uses. */
export const amlKey = (label = 'aml') => `${label}-${Date.now()}-${++key_counter}`;

/** The AML routes (decisions D8). */
export function amlClient(target: Target) {
  const client = http(target);

  const register = (label = 'aml'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  /** `POST /v1/aml/screenings` as sent: the raw response, for status and error checks. */
  const screenRaw = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/aml/screenings', { headers: caller.headers, body });

  /** A screening of `subject` under a fresh key (or `key`), expecting 201. */
  const screen = async (caller: Caller, subject: Record<string, unknown>, key = amlKey()) =>
    json<AmlScreeningBody>(await screenRaw(caller, { idempotency_key: key, subject }), 201);

  const get = (caller: Caller, screening_id: string) =>
    client.request('GET', `/v1/aml/screenings/${screening_id}`, { headers: caller.headers });

  const list = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; screenings: AmlScreeningBody[] }>(
      await client.request('GET', `/v1/aml/screenings${query}`, { headers: caller.headers }),
      200,
    );

  const rescreen = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/aml/rescreen', { headers: caller.headers, body });

  const monitoring = (caller: Caller, body: unknown) =>
    client.request('PATCH', '/v1/aml/monitoring', { headers: caller.headers, body });

  const cities = (caller: Caller, query: string) =>
    client.request('GET', `/v1/aml/catalogs/cities${query}`, { headers: caller.headers });

  const report = (caller: Caller, screening_id: string, query = '') =>
    client.request('GET', `/v1/aml/screenings/${screening_id}/report${query}`, {
      headers: caller.headers,
    });

  /** Reads the screening until `done` holds. */
  const awaitScreening = (
    caller: Caller,
    screening_id: string,
    done: (screening: AmlScreeningBody) => boolean,
  ) =>
    eventually(async () => json<AmlScreeningBody>(await get(caller, screening_id), 200), done, {
      attempts: 600,
      poll_ms: 50,
    });

  return {
    request: client.request,
    register,
    screenRaw,
    screen,
    get,
    list,
    rescreen,
    monitoring,
    cities,
    report,
    awaitScreening,
  };
}

export type AmlClient = ReturnType<typeof amlClient>;

/** How many pixels of a picture are near each of some colours (`#rrggbb`), and how many white. */
export interface PixelCounts {
  total: number;
  white: number;
  near: Record<string, number>;
}

/** Runs in the browser (its canvas decodes the PNG): the counts of `PixelCounts`. */
const COUNT_PIXELS = `async ({ data, wanted }) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + data;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const targets = wanted.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  const near = Object.fromEntries(wanted.map((hex) => [hex, 0]));
  let white = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
    if (r > 248 && g > 248 && b > 248) white++;
    targets.forEach(([tr, tg, tb], index) => {
      if (Math.abs(r - tr) + Math.abs(g - tg) + Math.abs(b - tb) < 60) near[wanted[index]]++;
    });
  }
  return { total: pixels.length / 4, white, near };
}`;

/**
 * A PDF as a person sees it: opened in headless Chromium's own PDF viewer (playwright-core, no
 * bundled browser; `CHROMIUM_PATH` or Debian's `/usr/bin/chromium`), screenshotted once the page
 * has drawn, with the pixels near `colors` counted. The screenshot is written beside the PDF.
 */
export async function renderPdf(
  pdf: Buffer,
  colors: readonly string[],
  name = 'document',
): Promise<{ png_file: string; counts: PixelCounts }> {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-render-'));
  const pdf_file = path.join(dir, `${name}.pdf`);
  const png_file = path.join(dir, `${name}.png`);
  writeFileSync(pdf_file, pdf);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const viewer = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
    const counter = await browser.newPage();
    const count = async (png: Buffer): Promise<PixelCounts> =>
      counter.evaluate(
        `(${COUNT_PIXELS})(${JSON.stringify({ data: png.toString('base64'), wanted: colors })})`,
      );
    await viewer.goto(`file://${pdf_file}`);
    // The viewer shows its page some time after loading, then draws the text into it.
    for (let attempt = 0; attempt < 100; attempt++) {
      const counts = await count(await viewer.screenshot());
      if (counts.white > counts.total * 0.2) break;
      await viewer.waitForTimeout(200);
    }
    await viewer.waitForTimeout(1500);
    const png = await viewer.screenshot();
    writeFileSync(png_file, png);
    return { png_file, counts: await count(png) };
  } finally {
    await browser.close();
  }
}
