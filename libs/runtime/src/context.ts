import type { Environment } from '@platform/contracts';
import { COMMAND_SERVICES } from '@platform/contracts/services';
import type { MessageBus } from '@platform/messaging';

export const SERVICE_NAMES = ['gateway', ...COMMAND_SERVICES] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Services that serve commands and consume events over the bus (all but the HTTP edge). */
export const BUS_SERVICE_NAMES: readonly Exclude<ServiceName, 'gateway'>[] = COMMAND_SERVICES;

/**
 * What a service is given by whichever runtime hosts it. No service code knows which bus or
 * database server this is: the all-in-one runtime passes an in-process bus and the embedded
 * server, the distributed one Kafka and DATABASE_URL.
 */
export interface PlatformContext {
  environment: Environment;
  bus: MessageBus;
  /** The environment's database; each service keeps its state in its own schema there. */
  database_url: string;
  /** Root for files kept on disk (object storage, exports). */
  data_dir: string;
  /**
   * The settings as given (environment variables, or `startPlatform`'s overrides), untyped. Only
   * the runtime reads them: it parses each service's settings schema once at boot and hands the
   * service a typed object. A lint rule keeps every other file off this map.
   */
  raw_settings: Readonly<Record<string, string | undefined>>;
}

export const PLATFORM_CONTEXT = Symbol('PLATFORM_CONTEXT');

/** The schema a service owns: its name with dashes as underscores (`crypto_wallets`). */
export function schemaOf(service: ServiceName): string {
  return service.replace(/-/g, '_');
}
