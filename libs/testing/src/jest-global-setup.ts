import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Jest loads global setup outside its module map, so the alias cannot be used here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startEmbeddedPostgres } from '../../persistence/src/embedded';
import { TEST_TEMPLATE_VARIABLE, TEST_TEMPLATES_SWITCH } from './template-variable';
import { buildDist, DIST_BUILD_STAMP_VARIABLE, REPO_ROOT } from './processes';

/**
 * What every worker of an integration run shares, made once before they start: the compiled tree
 * (dist/) that suites spawn processes from; one PostgreSQL server, the one named by DATABASE_URL
 * or an embedded one in a temporary folder, on which each suite makes its own databases; and the
 * migrated template databases that a suite's all-in-one platform copies its databases from.
 */
export default async function globalSetup(): Promise<void> {
  process.env[DIST_BUILD_STAMP_VARIABLE] = `jest-run-${process.pid}`;
  buildDist();
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
  } else {
    const data_dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-pg-')), 'cluster');
    const port = Number(process.env.TEST_PG_PORT ?? 55432);
    const handle = await startEmbeddedPostgres({ data_dir, port });
    process.env.TEST_ADMIN_DATABASE_URL = handle.admin_url;
    (globalThis as { __EMBEDDED_PG__?: typeof handle }).__EMBEDDED_PG__ = handle;
  }
  if (process.env[TEST_TEMPLATES_SWITCH] !== 'off')
    makeTemplate(`platform_template_${process.pid}`);
}

/**
 * In a process of its own, so that the platform's modules stay out of Jest's. Without a template
 * (it failed: said why), every suite migrates its own databases, as it would anyway.
 */
function makeTemplate(prefix: string): void {
  try {
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'dist/tools/scripts/test-database-template.js'), prefix],
      { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } },
    );
    process.env[TEST_TEMPLATE_VARIABLE] = prefix;
  } catch (error) {
    console.warn(`no template databases, each suite migrates its own: ${String(error)}`);
  }
}
