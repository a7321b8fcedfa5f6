import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Jest loads global setup outside its module map, so the alias cannot be used here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startEmbeddedPostgres } from '../../persistence/src/embedded';
import { buildDist, DIST_BUILD_STAMP_VARIABLE } from './processes';

/**
 * What every worker of an integration run shares, made once before they start: the compiled tree
 * (dist/) that suites spawn processes from, and one PostgreSQL server: the one named by
 * DATABASE_URL, or an embedded one in a temporary folder. Each suite makes its own database on it.
 */
export default async function globalSetup(): Promise<void> {
  process.env[DIST_BUILD_STAMP_VARIABLE] = `jest-run-${process.pid}`;
  buildDist();
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const data_dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-pg-')), 'cluster');
  const port = Number(process.env.TEST_PG_PORT ?? 55432);
  const handle = await startEmbeddedPostgres({ data_dir, port });
  process.env.TEST_ADMIN_DATABASE_URL = handle.admin_url;
  (globalThis as { __EMBEDDED_PG__?: typeof handle }).__EMBEDDED_PG__ = handle;
}
