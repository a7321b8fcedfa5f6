import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_EVENT_TYPES } from '@platform/contracts';

/**
 * The repository stands alone: its README, changelog and guides link only to files it holds, and
 * never cite documents a reader of the repository does not have.
 */
const ROOT = path.resolve(__dirname, '../..');

function guideFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', 'CHANGELOG.md', ...docs];
}

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** Markdown link targets that are not web addresses or anchors of the same page. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
}

describe('the documentation of the repository', () => {
  it.each(guideFiles())('%s links only to files of the repository', (file) => {
    const broken = relativeLinks(read(file)).filter((target) => {
      const resolved = path.resolve(ROOT, path.dirname(file), target.split('#')[0]!);
      return !resolved.startsWith(`${ROOT}${path.sep}`) || !existsSync(resolved);
    });
    expect(broken).toEqual([]);
  });

  it.each(guideFiles())('%s cites no document outside the repository', (file) => {
    const citations = read(file).match(
      /\.\.\/shared|ARCHITECTURE\.md|platform-api\.md|decisions\.md|\bspec section\b|§|\(D\d{1,2}\)|\bdecisions? D\d/gi,
    );
    expect(citations).toBeNull();
  });

  it('has a guide for each topic a new client needs', () => {
    for (const guide of [
      'quickstart',
      'testing',
      'webhooks',
      'errors',
      'idempotency',
      'environments',
      'operations',
    ]) {
      expect(existsSync(path.join(ROOT, 'docs', `${guide}.md`))).toBe(true);
    }
  });

  it('lists every public event in the webhooks guide', () => {
    const guide = read('docs/webhooks.md');
    expect(PUBLIC_EVENT_TYPES.filter((type) => !guide.includes(`\`${type}\``))).toEqual([]);
  });

  it('ships the license package.json names', () => {
    const { license } = JSON.parse(read('package.json')) as { license: string };
    expect(license).toBe('Apache-2.0');
    expect(read('LICENSE')).toContain('Apache License\n                         Version 2.0');
  });

  it('keeps a dated changelog, most recent first', () => {
    const dates = [...read('CHANGELOG.md').matchAll(/^## (\d{4}-\d{2}-\d{2})\b/gm)].map(
      (match) => match[1]!,
    );
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => !Number.isNaN(Date.parse(date)))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
  });
});
