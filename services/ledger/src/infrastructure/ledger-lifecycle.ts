import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore, Subscription } from '@platform/event-store';
import type { DeadLetters } from '@platform/persistence';
import { DEAD_LETTERS, SERVICE_POOL } from '@platform/runtime';
import { startLedgerProjections, takeOverLegacyCheckpoints } from './ledger-projections';
import { LEDGER_EVENTS } from './ledger-store';

/** While the service runs: keeps the projections current (the event relay is wired in the module). */
@Injectable()
export class LedgerLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ledger');
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(LEDGER_EVENTS) private readonly events: PgEventStore,
    @Inject(DEAD_LETTERS) private readonly dead_letters: DeadLetters,
    @Inject(SERVICE_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const taken_over = await takeOverLegacyCheckpoints(this.pool);
    if (taken_over !== null) {
      this.logger.log(`projections now share one checkpoint, from position ${taken_over}`);
    }
    this.subscriptions = [
      startLedgerProjections(this.events, this.dead_letters, (error) =>
        this.logger.warn(`projections retrying: ${String(error)}`),
      ),
    ];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
  }
}
