import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InProcessBus } from '@platform/messaging';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { bootService, type RunningService } from './boot-service';
import type { ServiceDefinition } from './service-definition';

/**
 * For tests only (its own entry point, kept out of the runtime's index): one bus service alone, for a suite beside it (`services/<name>/src/*.int.spec.ts`) that drives
 * its handlers over the bus, as other services call it, and may read its own tables: its module on
 * the in-process bus, a fresh database on the test server, nothing else of the platform.
 */
export interface ServiceUnderTest {
  bus: InProcessBus;
  database: TestDatabase;
  service: RunningService;
  /** Stops the service and the bus, and drops the database. */
  close(): Promise<void>;
}

export async function startServiceUnderTest(
  definition: ServiceDefinition,
  settings: Record<string, string> = {},
): Promise<ServiceUnderTest> {
  const database = await createTestDatabase(definition.name.replace(/-/g, '_'));
  const bus = new InProcessBus();
  await bus.start();
  const service = await bootService(definition, {
    environment: 'test',
    bus,
    database_url: database.url,
    data_dir: mkdtempSync(path.join(os.tmpdir(), `${definition.name}-`)),
    raw_settings: { ...process.env, BUS_VALIDATE_REPLIES: 'true', ...settings },
  });
  return {
    bus,
    database,
    service,
    close: async () => {
      await service.close();
      await bus.close();
      await database.drop();
    },
  };
}
