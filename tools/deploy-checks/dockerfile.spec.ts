import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repo_root, serviceFolders } from './deploy-files';

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Dockerfile instructions grouped by stage, continuation lines joined, comments dropped. */
function parseStages(text: string): Stage[] {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new Error(`unparsed FROM: ${line}`);
      stages.push({ base: match[1], name: match[2] ?? String(stages.length), instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const stages = parseStages(readFileSync(path.join(repo_root, 'deploy/Dockerfile'), 'utf8'));
const stage = (name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
const args = (of: Stage, keyword: string) =>
  of.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('deploy/Dockerfile', () => {
  it('has the deps -> build -> runtime stages, runtime last', () => {
    const names = stages.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['deps', 'build', 'runtime']));
    expect(names.indexOf('deps')).toBeLessThan(names.indexOf('build'));
    expect(names.at(-1)).toBe('runtime');
  });

  it('builds dist/ with npm run build on top of the installed dependencies', () => {
    expect(stage('build').base).toBe('deps');
    expect(args(stage('deps'), 'RUN').join('\n')).toMatch(/npm ci\b/);
    expect(args(stage('build'), 'RUN').join('\n')).toContain('npm run build');
  });

  it('refers only to stages defined before the reference', () => {
    stages.forEach((current, index) => {
      const earlier = stages.slice(0, index).map((s) => s.name);
      for (const copy of args(current, 'COPY')) {
        const from = /--from=(\S+)/.exec(copy)?.[1];
        if (from) expect(earlier).toContain(from);
      }
    });
  });

  it('runs one service, chosen by the SERVICE build arg, as a non-root user', () => {
    const runtime = stage('runtime');
    expect(args(runtime, 'ARG')).toContain('SERVICE');
    expect(args(runtime, 'COPY').some((copy) => copy.startsWith('--from=build /app/dist'))).toBe(
      true,
    );
    const user = args(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(args(runtime, 'CMD').at(-1)).toContain('dist/services/${SERVICE}/src/main.js');
  });

  it.each(serviceFolders())(
    'finds services/%s/src/main.ts, which the image runs compiled',
    (service) => {
      expect(existsSync(path.join(repo_root, 'services', service, 'src/main.ts'))).toBe(true);
    },
  );

  it('keeps local installs and builds out of the build context', () => {
    const ignore_file = path.join(repo_root, 'deploy/Dockerfile.dockerignore');
    expect(existsSync(ignore_file)).toBe(true);
    const ignored = readFileSync(ignore_file, 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', 'dist', '.data']));
  });
});
