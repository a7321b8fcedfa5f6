import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screenSubject } from '../../domain/aml/screening-decision';
import { WatchlistSource } from './watchlist-source';

const SYLLABLES = ['ka', 'ri', 'mo', 'ne', 'sa', 'lu', 'do', 'vi', 'ta', 'ge'];

/** `count` rows of an SDN CSV file, each a company with a made-up two-word name. */
function sdnRows(count: number, first_word = 'ACME'): string {
  return Array.from({ length: count }, (_, row) => {
    const word = [row % 10, Math.floor(row / 10) % 10, Math.floor(row / 100) % 10]
      .map((digit) => SYLLABLES[digit])
      .join('');
    return `${1000 + row},"${first_word} ${word.toUpperCase()}",-0- ,"TEST",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `;
  }).join('\n');
}

function sourceOf(text: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'aml-lists-')), 'sdn.csv');
  writeFileSync(file, text);
  return { file, source: new WatchlistSource([{ path: file, format: 'ofac_sdn_csv' }]) };
}

describe('WatchlistSource', () => {
  it('loads the list it reads, ready to screen against', async () => {
    const { source } = sourceOf(sdnRows(5_000));
    const { entries } = await source.current();
    expect(entries).toHaveLength(5_000);
    const subject = { type: 'company' as const, name: 'Acme Karimo', country: 'US' };
    expect(screenSubject(subject, entries, 'live').status).toBe('match');
    expect(screenSubject({ ...subject, name: 'Zyx Qwv' }, entries, 'live').status).toBe('clear');
  });

  it('refreshes one at a time, so the newest content is what stays loaded', async () => {
    const { file, source } = sourceOf(sdnRows(2_000));
    await source.current();
    writeFileSync(file, sdnRows(2_000, 'OTHER'));
    const [first, second] = await Promise.all([source.refresh(), source.refresh()]);
    expect([first, second]).toEqual([true, false]);
    const { entries } = await source.current();
    expect(entries[0]?.name).toBe('OTHER KAKAKA');
  });
});
