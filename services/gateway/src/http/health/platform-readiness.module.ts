import {
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { ReadinessRegistry } from './readiness-registry';

/**
 * The gateway's `/readyz` checks what it needs to serve: the bus (connected, its consumers
 * running) and the environment's database (`select 1` on a one-connection pool, opened on the
 * first probe), on either runtime.
 */
@Injectable()
class PlatformReadiness implements OnModuleInit, OnApplicationShutdown {
  private pool: Pool | undefined;

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly registry: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register('bus', () => this.context.bus.checkReady());
    this.registry.register('database', async () => {
      this.pool ??= createPool({
        url: this.context.database_url,
        max_connections: 1,
        application_name: `${this.context.environment}:gateway-readiness`,
      });
      await this.pool.query('select 1');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
  }
}

@Module({ providers: [PlatformReadiness] })
export class PlatformReadinessModule {}
