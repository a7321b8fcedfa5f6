import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_IN_ONE_NODE_FLAGS, SERVICE_NODE_FLAGS } from '@platform/runtime/node-flags';
import { repo_root } from './deploy-files';

/**
 * Every command line that runs the platform gives Node its V8 flags: the all-in-one process's to
 * `npm start` and to the benchmark that measures it, a service's to the container image, so that
 * what the benchmark measures is what `npm start` runs. The distributed launcher's
 * children are checked running (e2e/src/runtime/distributed-launcher.dist.spec.ts).
 */
const scripts = (
  JSON.parse(readFileSync(path.join(repo_root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const image_command = /^CMD\s+(.*)$/m.exec(
  readFileSync(path.join(repo_root, 'deploy/Dockerfile'), 'utf8'),
)?.[1];

/** The flags given to `node` right before `entry` in a command line, or null without that run. */
function flagsBefore(command_line: string, entry: string): string[] | null {
  const run = new RegExp(`\\bnode((?:\\s+--\\S+)*)\\s+${entry.replace(/[$.{}/]/g, '\\$&')}`);
  const found = run.exec(command_line);
  return found ? found[1]!.trim().split(/\s+/).filter(Boolean) : null;
}

describe("the platform's V8 flags", () => {
  it.each([
    ['npm start', scripts.start, 'dist/runtime/src/all-in-one.js', ALL_IN_ONE_NODE_FLAGS],
    [
      'npm run bench:api',
      scripts['bench:api'],
      'dist/tools/bench/src/api.bench.js',
      ALL_IN_ONE_NODE_FLAGS,
    ],
    [
      'the container image',
      image_command,
      'dist/services/${SERVICE}/src/main.js',
      SERVICE_NODE_FLAGS,
    ],
  ])('%s runs node with its flags', (_name, command_line, entry, flags) => {
    expect(command_line).toBeDefined();
    expect(flagsBefore(command_line!, entry)).toEqual([...flags]);
  });

  it('finds no flags where node runs the entry bare, and none where it runs another', () => {
    expect(
      flagsBefore('node dist/runtime/src/all-in-one.js', 'dist/runtime/src/all-in-one.js'),
    ).toEqual([]);
    expect(flagsBefore('node --inspect other.js', 'dist/runtime/src/all-in-one.js')).toBeNull();
  });
});
