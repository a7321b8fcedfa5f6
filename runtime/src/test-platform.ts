import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENVIRONMENTS, type Environment } from '@platform/contracts';
import { copyDatabase, dropDatabase } from '@platform/persistence';
import { testAdminUrl, testTemplatePrefix } from '@platform/testing';
import { startPlatform, type RunningPlatform } from './platform';

export const TEST_OPERATOR_TOKEN = 'op_integration_test';

export interface TestPlatform extends RunningPlatform {
  /** Closes the platform and drops both of its databases. */
  dispose(): Promise<void>;
}

/**
 * The whole all-in-one platform for an integration suite: both environments (or those named) on
 * ephemeral ports, databases of its own on the test server, a temporary DATA_DIR and a known
 * operator token.
 */
export async function startTestPlatform(
  prefix: string,
  settings: Record<string, string> = {},
  environments: readonly Environment[] = ENVIRONMENTS,
): Promise<TestPlatform> {
  const database_prefix = `${prefix}_${Date.now().toString(36)}`;
  await copyTestTemplate(database_prefix, environments);
  const platform = await startPlatform({
    environments,
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
      await Promise.all(
        environments.map((environment) =>
          dropDatabase(testAdminUrl(), `${database_prefix}_${environment}`),
        ),
      );
    },
  };
}

/**
 * A suite's databases are copies of the run's migrated templates (see `makeTestTemplate`) when
 * the jest global setup made them, so its platform does not run every migration again (about
 * half of its boot).
 */
async function copyTestTemplate(
  database_prefix: string,
  environments: readonly Environment[],
): Promise<void> {
  const template_prefix = testTemplatePrefix();
  if (!template_prefix) return;
  await Promise.all(
    environments.map((environment) =>
      copyDatabase(
        testAdminUrl(),
        `${template_prefix}_${environment}`,
        `${database_prefix}_${environment}`,
      ),
    ),
  );
}

/**
 * Makes the template databases of a run: boots the platform once on `<template_prefix>_test` and
 * `_live` (every service migrates its schema and seeds what it seeds at boot), then closes it, so
 * that nothing holds the templates open.
 */
export async function makeTestTemplate(template_prefix: string): Promise<void> {
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: testAdminUrl(),
    database_prefix: template_prefix,
    data_dir: mkdtempSync(path.join(os.tmpdir(), `${template_prefix}-`)),
    settings: { OPERATOR_TOKEN: TEST_OPERATOR_TOKEN },
  });
  await platform.close();
}
