// Compiles every project to dist/ with swc (seconds, not minutes): type checking is `npm run
// typecheck`, run by the tests. Non-TypeScript assets (SQL migrations, proto, JSON tables) are
// copied beside the compiled code so that paths relative to __dirname hold in both.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    'node_modules/@swc/cli/bin/swc.js',
    'libs', 'services', 'tools', 'runtime',
    '-d', 'dist',
    '--config-file', '.swcrc',
    '--copy-files',
    '--ignore', '**/*.spec.ts,**/node_modules/**',
    '--quiet',
  ],
  { stdio: 'inherit' },
);
