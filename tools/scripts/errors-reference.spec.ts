import { readFileSync } from 'node:fs';
import { ERROR_HTTP_STATUS } from '@platform/contracts';
import { normalizedTable } from './settings-reference';
import { ERRORS_GUIDE_FILE, guideErrorCatalog, renderedErrorCatalog } from './errors-reference';

describe('the error catalog of docs/errors.md', () => {
  it('is the one the error catalog renders (run `npm run docs:errors` after changing a code)', () => {
    const guide = readFileSync(ERRORS_GUIDE_FILE, 'utf8');
    expect(normalizedTable(guideErrorCatalog(guide))).toEqual(
      normalizedTable(renderedErrorCatalog()),
    );
  });

  it('says what every status of the catalog means', () => {
    for (const row of renderedErrorCatalog().split('\n').slice(2)) {
      const [, status, meaning] = row.split('|').map((cell) => cell.trim());
      expect({ status, meaning }).toEqual({ status, meaning: expect.stringMatching(/\w/) });
    }
  });

  it('lists every code once, under the status the gateway answers it with', () => {
    const rows = renderedErrorCatalog().split('\n').slice(2);
    const listed = rows.flatMap((row) => {
      const [, status, , codes] = row.split('|').map((cell) => cell.trim());
      return [...codes!.matchAll(/`([a-z0-9_]+)`/g)].map((match) => [match[1], Number(status)]);
    });
    expect(listed).toHaveLength(Object.keys(ERROR_HTTP_STATUS).length);
    expect(Object.fromEntries(listed)).toEqual(ERROR_HTTP_STATUS);
  });
});
