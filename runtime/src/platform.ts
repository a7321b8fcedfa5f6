import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ENVIRONMENTS, type Environment } from '@platform/contracts';
import { InProcessBus, type MessageBus } from '@platform/messaging';
import { ensureDatabase } from '@platform/persistence';
import {
  bootService,
  busSettingsOf,
  PlatformContextModule,
  settingsOf,
  type PlatformContext,
  type RunningService,
  sharedHandoffSecret,
} from '@platform/runtime';
import {
  AdminModule,
  createGatewayApp,
  gatewaySettingsSchema,
  PublicApiModule,
} from '@platform/svc-gateway';
import { operatorToken } from './operator-token';
import { BUS_SERVICES } from './services';

export interface PlatformOptions {
  host: string;
  ports: Record<Environment, number>;
  /** Superuser URL of the PostgreSQL server; each environment gets its own database on it. */
  admin_database_url: string;
  /** Prefix of the two databases (`<prefix>_test`, `<prefix>_live`). */
  database_prefix: string;
  data_dir: string;
  settings?: Record<string, string | undefined>;
  /** The environments to run: both unless told (a test suite that never goes live boots one). */
  environments?: readonly Environment[];
}

export interface RunningEnvironment {
  environment: Environment;
  base_url: string;
  database_url: string;
  bus: MessageBus;
  gateway: NestFastifyApplication;
  services: RunningService[];
}

export interface RunningPlatform {
  environments: Record<Environment, RunningEnvironment>;
  close(): Promise<void>;
}

/**
 * The all-in-one runtime: both environments in this process, each a full deployment of its
 * own (database, in-process bus, services, gateway) sharing nothing with the other.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  // Side by side: a boot is mostly waits on PostgreSQL, which the other environment's boot fills.
  const outcomes = await Promise.allSettled(
    (options.environments ?? ENVIRONMENTS).map((environment) =>
      startEnvironment(environment, options),
    ),
  );
  const started = outcomes.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await Promise.all(started.map(closeEnvironment));
    throw failure.reason;
  }
  return {
    environments: environmentsRecord(started),
    close: async () => {
      await Promise.all(started.map(closeEnvironment));
    },
  };
}

/** The running environments by name; reading one that was not started says so. */
function environmentsRecord(
  started: readonly RunningEnvironment[],
): Record<Environment, RunningEnvironment> {
  const record = {} as Record<Environment, RunningEnvironment>;
  for (const environment of ENVIRONMENTS) {
    const running = started.find((each) => each.environment === environment);
    Object.defineProperty(record, environment, {
      enumerable: running !== undefined,
      get: () => {
        if (!running)
          throw new Error(`this platform was started without its ${environment} environment`);
        return running;
      },
    });
  }
  return record;
}

async function startEnvironment(
  environment: Environment,
  options: PlatformOptions,
): Promise<RunningEnvironment> {
  const database_url = await ensureDatabase(
    options.admin_database_url,
    `${options.database_prefix}_${environment}`,
  );
  const given = { ...process.env, ...options.settings };
  const data_dir = `${options.data_dir}/${environment}`;
  const raw_settings = {
    ...given,
    OPERATOR_TOKEN: operatorToken(data_dir, given.OPERATOR_TOKEN),
    // Both environments trust one handoff key (kept beside them in DATA_DIR); nothing else is shared.
    HANDOFF_SECRET: sharedHandoffSecret(options.data_dir, given.HANDOFF_SECRET),
  };
  const bus_settings = busSettingsOf({ raw_settings });
  const bus = new InProcessBus({ request_timeout_ms: bus_settings.BUS_REQUEST_TIMEOUT_MS });
  await bus.start();
  const context: PlatformContext = { environment, bus, database_url, data_dir, raw_settings };
  // Each service's settings are parsed once, as it boots: a bad value stops the boot, naming it.
  const gateway_settings = settingsOf(gatewaySettingsSchema, context);
  const services: RunningService[] = [];
  for (const definition of BUS_SERVICES) services.push(await bootService(definition, context));
  const gateway = await createGatewayApp({
    environment,
    settings: gateway_settings,
    imports: [PlatformContextModule.forRoot(context), AdminModule, PublicApiModule],
  });
  await gateway.listen(options.ports[environment], options.host);
  // Every consumer group has joined (each service subscribed as it booted): nothing to keep.
  bus.stopRetaining();
  const address = gateway.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : options.ports[environment];
  return {
    environment,
    base_url: `http://${options.host}:${port}`,
    database_url,
    bus,
    gateway,
    services,
  };
}

async function closeEnvironment(running: RunningEnvironment): Promise<void> {
  // The edge first, so no new work arrives while services drain.
  await running.gateway.close();
  for (const service of [...running.services].reverse()) await service.close();
  await running.bus.close();
}
