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
  /** Settings every service may read (rates file, simulator step, keyring keys...). */
  settings: Readonly<Record<string, string | undefined>>;
}

export const PLATFORM_CONTEXT = Symbol('PLATFORM_CONTEXT');

/** The schema a service owns: its name with dashes as underscores (`crypto_wallets`). */
export function schemaOf(service: ServiceName): string {
  return service.replace(/-/g, '_');
}
