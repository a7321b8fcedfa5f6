import { randomUUID } from 'node:crypto';
import { KafkaBus } from '@platform/messaging';
import { createLogger, metricsText, startTelemetry } from '@platform/observability';
import { bootService } from './boot-service';
import type { PlatformContext } from './context';
import { startHealthServer } from './health-server';
import type { ServiceDefinition } from './service-definition';
import { readDistributedSettings } from './settings';
import { exitOnSignal } from './shutdown';

/** Distributed runtime: one service in this process, on Kafka and a PostgreSQL server. */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  const settings = readDistributedSettings();
  const telemetry = startTelemetry({
    service_name: definition.name,
    environment: settings.ENVIRONMENT,
  });
  const logger = createLogger({ service: definition.name, environment: settings.ENVIRONMENT });
  const bus = new KafkaBus({
    brokers: settings.KAFKA_BROKERS,
    client_id: `${definition.name}-${settings.INSTANCE_ID ?? randomUUID().slice(0, 8)}`,
    topic_prefix: settings.KAFKA_TOPIC_PREFIX ?? `${settings.ENVIRONMENT}.`,
  });
  await bus.start();
  const context: PlatformContext = {
    environment: settings.ENVIRONMENT,
    bus,
    database_url: settings.DATABASE_URL,
    data_dir: settings.DATA_DIR,
    settings: process.env,
  };
  const service = await bootService(definition, context);
  const health = await startHealthServer({
    port: settings.HEALTH_PORT,
    host: settings.HOST,
    service: definition.name,
    environment: settings.ENVIRONMENT,
    readiness: [],
    metrics_text: metricsText,
  });
  logger.info({ health_port: health.port }, `${definition.name} ready`);
  exitOnSignal(
    [() => health.close(), () => service.close(), () => bus.close(), () => telemetry.shutdown()],
    (line) => logger.info(line),
  );
}
