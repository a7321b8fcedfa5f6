import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@platform/persistence';
import { TEST_TEMPLATE_VARIABLE } from './template-variable';

export function testAdminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('integration tests need the jest global setup or DATABASE_URL');
  return url;
}

/**
 * The prefix of the run's migrated template databases (`<prefix>_test`, `<prefix>_live`), which
 * the jest global setup makes; undefined when there are none.
 */
export function testTemplatePrefix(): string | undefined {
  return process.env[TEST_TEMPLATE_VARIABLE] || undefined;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database on the test server, unique to the caller. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  const admin = testAdminUrl();
  const url = await ensureDatabase(admin, name);
  return { url, name, drop: () => dropDatabase(admin, name) };
}
