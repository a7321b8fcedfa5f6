import 'reflect-metadata';
import { startTelemetry } from '@platform/observability';
import {
  busSettingsOf,
  describeError,
  exitOnSignal,
  kafkaBusOf,
  loadSecretFiles,
  parseSettings,
  PlatformContextModule,
  readDistributedSettings,
} from '@platform/runtime';
import { AdminModule } from './admin/admin.module';
import { gatewaySettingsSchema } from './gateway.settings';
import { PublicApiModule } from './v1/public-api.module';
import { createGatewayApp } from './http/create-gateway-app';

/**
 * Distributed runtime: the gateway alone, reaching the services over Kafka. Several gateway
 * processes may run side by side; each has its own reply topic.
 */
async function main(): Promise<void> {
  loadSecretFiles(process.env);
  const settings = readDistributedSettings(process.env);
  const gateway_settings = parseSettings(gatewaySettingsSchema, process.env);
  const environment = settings.ENVIRONMENT;
  const port = gateway_settings.PORT ?? (environment === 'live' ? 8081 : 8080);
  const telemetry = startTelemetry({ service_name: 'gateway', environment });
  const bus = kafkaBusOf(settings, busSettingsOf({ raw_settings: process.env }), 'gateway');
  await bus.start();
  const context = {
    environment,
    bus,
    database_url: settings.DATABASE_URL,
    data_dir: settings.DATA_DIR,
    raw_settings: process.env,
  };
  const app = await createGatewayApp({
    environment,
    settings: gateway_settings,
    version: gateway_settings.SERVICE_VERSION,
    public_base_url: gateway_settings.PUBLIC_BASE_URL,
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
