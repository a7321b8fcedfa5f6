import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandService } from '@platform/contracts';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { PLATFORM_CONTEXT, schemaOf, type PlatformContext } from './context';
import { DEAD_LETTERS, deadLettersMessagesFor } from './dead-letters.messages';

export const SERVICE_POOL = Symbol('SERVICE_POOL');

@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The service's connection pool on its own schema, with the service's forward-only migrations
 * applied before any handler can run (the provider factory completes during module init), and
 * its dead-letter table (D12), served to the operator as `DEAD_LETTER_COMMANDS[service]`.
 */
@Module({})
export class ServiceDatabaseModule {
  static forService(
    service: CommandService,
    context: PlatformContext,
    options: {
      migrations?: { dir: string; version_table?: string }[];
      /** Schema work owned by libraries (the inbox and outbox tables), after the service's own. */
      after_migrations?: (pool: Pool) => Promise<unknown>;
      max_connections?: number;
    } = {},
  ): DynamicModule {
    const schema = schemaOf(service);
    return {
      module: ServiceDatabaseModule,
      global: true,
      providers: [
        { provide: PLATFORM_CONTEXT, useValue: context },
        {
          provide: SERVICE_POOL,
          useFactory: async (): Promise<Pool> => {
            const pool = createPool({
              url: context.database_url,
              schema,
              max_connections: options.max_connections ?? 10,
              application_name: `${context.environment}:${service}`,
            });
            for (const { dir, version_table } of options.migrations ?? []) {
              await migrate(pool, { schema, migrations_dir: dir, version_table });
            }
            await DeadLetters.migrate(pool, schema);
            await options.after_migrations?.(pool);
            return pool;
          },
        },
        {
          provide: DEAD_LETTERS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => new DeadLetters(pool, schema),
        },
        PoolCloser,
      ],
      controllers: [deadLettersMessagesFor(service)],
      exports: [SERVICE_POOL, PLATFORM_CONTEXT, DEAD_LETTERS],
    };
  }
}
