import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { KafkaBus } from '@platform/messaging';
import { createLogger, metricsText, startTelemetry } from '@platform/observability';
import { bootService } from './boot-service';
import type { PlatformContext } from './context';
import { startHealthServer } from './health-server';
import { healthPortOf } from './health-ports';
import type { ReadinessCheck } from './readiness';
import { loadSecretFiles } from './secret-files';
import { SERVICE_POOL } from './service-database';
import type { ServiceDefinition } from './service-definition';
import {
  busSettingsOf,
  readDistributedSettings,
  type BusSettings,
  type DistributedSettings,
} from './settings';
import { exitOnSignal } from './shutdown';

/**
 * Distributed runtime: one service in this process, on Kafka and a PostgreSQL server. A failed
 * boot ends the process with a line saying what failed, for the launcher or the orchestrator to
 * start it again.
 */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  try {
    await startServiceProcess(definition);
  } catch (error) {
    process.stderr.write(`${definition.name} failed to start: ${describeError(error)}\n`);
    process.exit(1);
  }
}

async function startServiceProcess(definition: ServiceDefinition): Promise<void> {
  loadSecretFiles(process.env);
  const settings = readDistributedSettings(process.env);
  const telemetry = startTelemetry({
    service_name: definition.name,
    environment: settings.ENVIRONMENT,
  });
  const logger = createLogger({ service: definition.name, environment: settings.ENVIRONMENT });
  const bus = kafkaBusOf(settings, busSettingsOf({ raw_settings: process.env }), definition.name);
  await bus.start();
  const context: PlatformContext = {
    environment: settings.ENVIRONMENT,
    bus,
    database_url: settings.DATABASE_URL,
    data_dir: settings.DATA_DIR,
    raw_settings: process.env,
  };
  const service = await bootService(definition, context);
  const pool = service.app.get<Pool>(SERVICE_POOL, { strict: false });
  const readiness = new Map<string, ReadinessCheck>([
    ['database', async () => void (await pool.query('select 1'))],
    ['bus', () => bus.checkReady()],
  ]);
  const health = await startHealthServer({
    port:
      settings.HEALTH_PORT ??
      healthPortOf(definition.name, settings.ENVIRONMENT, settings.HEALTH_PORT_BASE),
    host: settings.HOST,
    service: definition.name,
    environment: settings.ENVIRONMENT,
    readiness,
    metrics_text: metricsText,
    on_not_ready: (failures) => logger.warn({ failures }, 'readiness check failed'),
  });
  logger.info({ health_port: health.port }, `${definition.name} ready`);
  exitOnSignal(
    [() => health.close(), () => service.close(), () => bus.close(), () => telemetry.shutdown()],
    (line) => logger.info(line),
  );
}

/** The Kafka bus of a distributed process: its topic prefix, its reply timeout. */
export function kafkaBusOf(
  settings: DistributedSettings,
  bus_settings: BusSettings,
  client_name: string,
): KafkaBus {
  return new KafkaBus({
    brokers: settings.KAFKA_BROKERS,
    client_id: `${client_name}-${settings.INSTANCE_ID ?? randomUUID().slice(0, 8)}`,
    topic_prefix: settings.KAFKA_TOPIC_PREFIX ?? `${settings.ENVIRONMENT}.`,
    partitions: settings.KAFKA_PARTITIONS,
    request_timeout_ms: bus_settings.BUS_REQUEST_TIMEOUT_MS,
  });
}

/** What failed, in one line: never `undefined` (some libraries reject with nothing). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return 'failed without saying why';
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
