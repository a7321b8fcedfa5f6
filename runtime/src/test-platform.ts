import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '@platform/persistence';
import { testAdminUrl } from '@platform/testing';
import { startPlatform, type RunningPlatform } from './platform';

export const TEST_OPERATOR_TOKEN = 'op_integration_test';

export interface TestPlatform extends RunningPlatform {
  /** Closes the platform and drops both of its databases. */
  dispose(): Promise<void>;
}

/**
 * The whole all-in-one platform for an integration suite: both environments on ephemeral ports,
 * databases of its own on the test server, a temporary DATA_DIR and a known operator token.
 */
export async function startTestPlatform(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<TestPlatform> {
  const database_prefix = `${prefix}_${Date.now().toString(36)}`;
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: testAdminUrl(),
    database_prefix,
    data_dir: mkdtempSync(path.join(os.tmpdir(), `${prefix}-`)),
    settings: { OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, BUS_VALIDATE_REPLIES: 'true', ...settings },
  });
  return {
    ...platform,
    dispose: async () => {
      await platform.close();
      await dropDatabase(testAdminUrl(), `${database_prefix}_test`);
      await dropDatabase(testAdminUrl(), `${database_prefix}_live`);
    },
  };
}
