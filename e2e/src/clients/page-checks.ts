import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

/**
 * What every public page is checked for in a browser (issue 19): accessible (axe-core reports
 * nothing serious or critical), no sideways scrolling, and a screenshot that is not blank, in
 * each language the pages speak at a desktop and a phone width.
 */
export const PAGE_LOCALES = ['en', 'es', 'zh'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
/** A desktop and a phone (an iPhone 12 to 15 is 390 CSS pixels wide). */
export const PAGE_WIDTHS = [1280, 390] as const;

/**
 * The one width at which axe-core checks a public page in each language (`expectPublicPageChecks`):
 * every language once, and the widths in turn, so that each layout is checked too. axe-core took
 * two thirds of a page's checks (about 1.1 s of 1.6 s, twice that on a busy machine), and a page
 * whose language alone changed gives it the same elements to check.
 */
export const ACCESSIBILITY_WIDTH: Record<PageLocale, (typeof PAGE_WIDTHS)[number]> = {
  en: 390,
  es: 1280,
  zh: 390,
};

/** Where the screenshots go: an ignored folder of the repository, kept for a look after a run. */
export const SHOTS = path.resolve(__dirname, '../../../.tmp/screenshots');

/** axe-core's script, read once: it is injected into each page it checks. */
let axe_source: string | undefined;

/** A page `width` wide in the browser language `locale`; the caller closes it. */
export function openPage(browser: Browser, width: number, locale = 'en-US'): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 900 }, locale });
}

/** axe-core finds no serious or critical violation on the page as it stands now. */
export async function expectAccessible(page: Page): Promise<void> {
  axe_source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe_source });
  const violations = await page.evaluate<{ id: string; impact: string; targets: string }[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((node) => node.target.join(' ')).join(', ') })))`,
  );
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Nothing is wider than the window: no sideways scrolling. */
export async function expectFitsWidth(page: Page): Promise<void> {
  const [content, viewport] = await page.evaluate<number[]>(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  );
  expect(content).toBeLessThanOrEqual(viewport!);
}

/** The page speaks `locale`: its html element says so (screen readers pick their voice by it). */
export async function expectLanguage(page: Page, locale: PageLocale): Promise<void> {
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
}

/** A full-page screenshot, kept as `SHOTS/{name}.png`, and not blank: many colours appear. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const png = await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const distinct = await page.evaluate<number>(
    `(async () => {
      const image = new Image(); image.src = 'data:image/png;base64,${png.toString('base64')}';
      await image.decode();
      const canvas = document.createElement('canvas'); canvas.width = image.width; canvas.height = image.height;
      const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const colours = new Set();
      for (let i = 0; i < pixels.length; i += 400) colours.add(pixels[i] + ',' + pixels[i + 1] + ',' + pixels[i + 2]);
      return colours.size;
    })()`,
  );
  expect(distinct).toBeGreaterThan(20);
}

/**
 * The checks every public page passes, at one width in one language, once the page shows what
 * the test waited for: the language, no sideways scrolling, a screenshot `{name}-{locale}-{width}`
 * and, at that language's `ACCESSIBILITY_WIDTH`, no serious accessibility violation.
 */
export async function expectPublicPageChecks(
  page: Page,
  name: string,
  locale: PageLocale,
  width: number,
): Promise<void> {
  await expectLanguage(page, locale);
  await expectFitsWidth(page);
  await shoot(page, `${name}-${locale}-${width}`);
  if (width === ACCESSIBILITY_WIDTH[locale]) await expectAccessible(page);
}
