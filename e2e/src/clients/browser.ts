import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';

/**
 * Headless Chromium as the suites drive it: playwright-core with no bundled browser, the one
 * `CHROMIUM_PATH` names or Debian's `/usr/bin/chromium` (`npm test` installs it when missing).
 */
export async function launchBrowser(): Promise<Browser> {
  // Loaded when a suite asks for a browser: the clients' index is read by every suite.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
}

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
 * A PDF as a person sees it: opened in headless Chromium's own PDF viewer (`launchBrowser`),
 * screenshotted once the page has drawn (one of `colors` shows and the picture stops changing, or
 * 30 s have passed), with the pixels near `colors` counted. The screenshot is written beside the
 * PDF.
 */
export async function renderPdf(
  pdf: Buffer,
  colors: readonly string[],
  name = 'document',
): Promise<{ png_file: string; counts: PixelCounts }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-render-'));
  const pdf_file = path.join(dir, `${name}.pdf`);
  const png_file = path.join(dir, `${name}.png`);
  writeFileSync(pdf_file, pdf);
  const browser = await launchBrowser();
  try {
    const viewer = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
    const counter = await browser.newPage();
    const count = async (png: Buffer): Promise<PixelCounts> =>
      counter.evaluate(
        `(${COUNT_PIXELS})(${JSON.stringify({ data: png.toString('base64'), wanted: colors })})`,
      );
    await viewer.goto(`file://${pdf_file}`);
    // The viewer shows its white page some time after loading, then draws into it, slower on a
    // busy machine: the picture counts once one of `colors` shows and two shots in a row agree.
    const deadline_ms = Date.now() + 30_000;
    let png = await viewer.screenshot();
    let counts = await count(png);
    for (let settled = false; !settled && Date.now() < deadline_ms;) {
      await viewer.waitForTimeout(300);
      const next = await viewer.screenshot();
      const drawn =
        counts.white > counts.total * 0.2 && colors.some((hex) => counts.near[hex]! > 0);
      settled = drawn && next.equals(png);
      png = next;
      counts = await count(png);
    }
    writeFileSync(png_file, png);
    return { png_file, counts };
  } finally {
    await browser.close();
  }
}
