import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings } from '@platform/runtime';
import { ledgerSettingsSchema } from '../../ledger.settings';
import { swapSettingsOf } from '../swap-settings';
import { DEFAULT_RATES_FILE, InvalidRateTableError, loadRateTable, rateView } from './rate-table';

const shipped = JSON.parse(readFileSync(DEFAULT_RATES_FILE, 'utf8')) as {
  usd_per_unit: Record<string, string>;
  per_usd: Record<string, string>;
};

function writeTable(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rates-')), 'rates.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('rate table', () => {
  it('loads the shipped table with every convertible asset and local currency', () => {
    const view = rateView(loadRateTable());
    expect(view.assets.filter((row) => row.usd_per_unit !== null).map((row) => row.asset)).toEqual([
      'USD',
      'USDT',
      'USDC',
      'BTC',
      'GOLD',
      'SILVER',
      'PLATINUM',
    ]);
    expect(view.assets.filter((row) => row.same_currency_only).map((row) => row.asset)).toEqual([
      'BOB',
      'MXN',
      'ARS',
    ]);
    expect(view.currencies.map((row) => row.currency)).toEqual(
      expect.arrayContaining(['ARS', 'BRL', 'MXN', 'COP', 'PEN', 'CLP', 'VES', 'BOB', 'EUR']),
    );
    expect(view.currencies.find((row) => row.currency === 'USD')?.per_usd).toBe('1');
  });

  it('is overridable by RATES_FILE', () => {
    const file = writeTable({
      ...shipped,
      usd_per_unit: { ...shipped.usd_per_unit, BTC: '50000' },
    });
    const settings = parseSettings(ledgerSettingsSchema, { RATES_FILE: file });
    expect(swapSettingsOf(settings).rates.usd_per_unit.BTC).toBe('50000');
  });

  it.each([
    ['a missing asset', { ...shipped, usd_per_unit: { ...shipped.usd_per_unit, GOLD: undefined } }],
    ['a zero price', { ...shipped, usd_per_unit: { ...shipped.usd_per_unit, BTC: '0' } }],
    ['a number', { ...shipped, usd_per_unit: { ...shipped.usd_per_unit, BTC: 65000 } }],
    ['USD not 1', { ...shipped, usd_per_unit: { ...shipped.usd_per_unit, USD: '1.01' } }],
    ['a missing currency', { ...shipped, per_usd: { ...shipped.per_usd, CLP: undefined } }],
  ])('refuses a table with %s', (_label, content) => {
    expect(() => loadRateTable(writeTable(content))).toThrow(InvalidRateTableError);
  });

  it('refuses a limit that is not a USD amount', () => {
    expect(() => parseSettings(ledgerSettingsSchema, { SETTLEMENT_LIMIT_DAILY_USD: '-5' })).toThrow(
      /SETTLEMENT_LIMIT_DAILY_USD: must be a positive USD amount/,
    );
  });
});
