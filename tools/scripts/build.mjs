// Compiles every project to dist/ with swc (seconds, not minutes): type checking is `npm run
// typecheck`, run by the tests. swc rewrites the `@platform/*` path aliases of tsconfig.base.json
// into relative requires (it needs an absolute baseUrl, so the config is completed here), and
// non-TypeScript assets (SQL migrations, proto, JSON tables) are copied beside the compiled code
// so that paths relative to __dirname hold in both.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const swcrc = JSON.parse(readFileSync(path.join(root, '.swcrc'), 'utf8'));
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
swcrc.jsc.baseUrl = root;
swcrc.jsc.paths = compilerOptions.paths;
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const config_file = path.join(root, '.tmp/swcrc.build.json');
writeFileSync(config_file, JSON.stringify(swcrc));

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    'node_modules/@swc/cli/bin/swc.js',
    'libs',
    'services',
    'tools',
    'runtime',
    'docs/examples',
    '-d',
    'dist',
    '--config-file',
    config_file,
    '--copy-files',
    '--ignore',
    '**/*.spec.ts,**/node_modules/**',
    '--quiet',
  ],
  { stdio: 'inherit', cwd: root },
);
