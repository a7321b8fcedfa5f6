import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { PgEventStore, Subscription } from '@platform/event-store';
import { PLATFORM_CONTEXT, startEventRelay, type PlatformContext } from '@platform/runtime';
import { startBalancesProjection } from './balances-projection';
import { LEDGER_EVENTS } from './ledger-store';
import { startMovementsProjection } from './movements-projection';
import { LEDGER_SUBSCRIPTION_LINGER_MS } from './projection-replay';

/** While the service runs: relays committed events to the bus and keeps projections current. */
@Injectable()
export class LedgerLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ledger');
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(LEDGER_EVENTS) private readonly events: PgEventStore,
  ) {}

  onApplicationBootstrap(): void {
    this.subscriptions = [
      startEventRelay({
        store: this.events,
        bus: this.context.bus,
        service: 'ledger',
        linger_ms: LEDGER_SUBSCRIPTION_LINGER_MS,
        on_error: (error) => this.logger.warn(`event relay retrying: ${String(error)}`),
      }),
      startBalancesProjection(this.events, (error) =>
        this.logger.warn(`balances projection retrying: ${String(error)}`),
      ),
      startMovementsProjection(this.events, (error) =>
        this.logger.warn(`movements projection retrying: ${String(error)}`),
      ),
    ];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
  }
}
