import 'reflect-metadata';
import { startTelemetry } from '@platform/observability';
import {
  describeError,
  exitOnSignal,
  kafkaBusOf,
  loadSecretFiles,
  PlatformContextModule,
  readDistributedSettings,
} from '@platform/runtime';
import { AdminModule } from './admin/admin.module';
import { PublicApiModule } from './v1/public-api.module';
import { createGatewayApp } from './http/create-gateway-app';
import { rateLimitFromSettings } from './http/gateway-options';

/**
 * Distributed runtime: the gateway alone, reaching the services over Kafka. Several gateway
 * processes may run side by side; each has its own reply topic.
 */
async function main(): Promise<void> {
  loadSecretFiles();
  const settings = readDistributedSettings();
  const environment = settings.ENVIRONMENT;
  const port = Number(process.env.PORT ?? (environment === 'live' ? 8081 : 8080));
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid PORT ${process.env.PORT}`);
  const telemetry = startTelemetry({ service_name: 'gateway', environment });
  const bus = kafkaBusOf(settings, 'gateway');
  await bus.start();
  const context = {
    environment,
    bus,
    database_url: settings.DATABASE_URL,
    data_dir: settings.DATA_DIR,
    settings: process.env,
  };
  const app = await createGatewayApp({
    environment,
    version: process.env.SERVICE_VERSION,
    public_base_url: process.env.PUBLIC_BASE_URL,
    rate_limit: rateLimitFromSettings(process.env),
    imports: [PlatformContextModule.forRoot(context), AdminModule, PublicApiModule],
  });
  await app.listen(port, settings.HOST);
  exitOnSignal([() => app.close(), () => bus.close(), () => telemetry.shutdown()], (line) =>
    process.stdout.write(`${line}\n`),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${describeError(error)}\n`);
  process.exit(1);
});
