import { readFileSync } from 'node:fs';

/** The second source's BTC price, or null when none is configured or it cannot be read. */
export function readSecondBtcPrice(file: string | null): string | null | 'unavailable' {
  if (file === null) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { BTC?: unknown };
    const price = parsed.BTC;
    return typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? price : 'unavailable';
  } catch {
    return 'unavailable';
  }
}
