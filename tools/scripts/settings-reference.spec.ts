import { readFileSync } from 'node:fs';
import {
  normalizedTable,
  README_FILE,
  readmeReference,
  renderedReference,
} from './settings-reference';

describe('the configuration reference of README.md', () => {
  it('is the one the settings schemas render (run `npm run docs:settings` after changing one)', () => {
    const readme = readFileSync(README_FILE, 'utf8');
    expect(normalizedTable(readmeReference(readme))).toEqual(normalizedTable(renderedReference()));
  });
});
