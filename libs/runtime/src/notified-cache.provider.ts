import type { FactoryProvider } from '@nestjs/common';
import type { Pool } from 'pg';
import { NotifiedCache, type NotifiedCacheOptions } from '@platform/persistence';
import { SERVICE_POOL } from './service-database';

/**
 * A `NotifiedCache` on the service's pool, given as the provider `token`: Nest starts it
 * listening when the module inits (until then every read goes to the database) and closes it at
 * shutdown, so its owners inject it and hold no lifecycle of their own.
 */
export function notifiedCacheProvider(
  token: symbol,
  options: NotifiedCacheOptions,
): FactoryProvider<NotifiedCache> {
  return {
    provide: token,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new NotifiedCache(pool, options),
  };
}
