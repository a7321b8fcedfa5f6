import type { Branding } from '@platform/contracts';

/** What a public page shows of an organization: its name, logo and main colour. */
export interface PageBrand {
  name: string;
  /** An `https:` address or a `data:image/...` picture; anything else is dropped. */
  logo_url: string | null;
  /** `#rrggbb`, or null for the platform's colour. */
  color: string | null;
}

const LOGO_URL =
  /^(https:\/\/[^\s"'<>]+|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/;
const LOGO_URL_MAX_CHARS = 200_000;
const HEX_COLOR = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** `#abc` as `#aabbcc`, lower case; null for anything that is not a hex colour. */
export function hexColor(value: string | undefined): string | null {
  if (!value || !HEX_COLOR.test(value.trim())) return null;
  const hex = value.trim().slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}

/** The organization's branding as a page may show it: unsafe logo or colour values are dropped. */
export function pageBrandOf(branding: Branding): PageBrand {
  const logo = branding.logo_url?.trim() ?? '';
  return {
    name: branding.name,
    logo_url: logo.length <= LOGO_URL_MAX_CHARS && LOGO_URL.test(logo) ? logo : null,
    color: hexColor(branding.colors.primary_color ?? branding.colors.brand_color),
  };
}

function channel(value: number): number {
  const unit = value / 255;
  return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => channel(parseInt(hex.slice(at, at + 2), 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

export const PAGE_INK = '#14213d';
const WHITE = '#ffffff';

/**
 * The colours a page paints with a brand colour: the colour itself as a background, the text
 * on it (white or ink, whichever reads better), and an accent for text on white that keeps
 * 4.5:1 (the platform's ink when the brand colour is too light).
 */
export function brandPalette(color: string): { background: string; text: string; accent: string } {
  const text = contrastRatio(color, WHITE) >= contrastRatio(color, PAGE_INK) ? WHITE : PAGE_INK;
  const accent = contrastRatio(color, WHITE) >= 4.5 ? color : PAGE_INK;
  return { background: color, text, accent };
}
