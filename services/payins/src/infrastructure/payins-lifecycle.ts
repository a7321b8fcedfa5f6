import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { PgEventStore, Subscription } from '@platform/event-store';
import type { DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  PLATFORM_CONTEXT,
  startEventRelay,
  type PlatformContext,
} from '@platform/runtime';
import { CollectionScheduler } from './collection-scheduler';
import { PAYINS_EVENTS } from './payins.repository';

/** Runs the collection scheduler and relays committed events to `events.payins`. */
@Injectable()
export class PayinsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('payins');
  private relay: Subscription | null = null;

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(PAYINS_EVENTS) private readonly events: PgEventStore,
    @Inject(DEAD_LETTERS) private readonly dead_letters: DeadLetters,
    private readonly scheduler: CollectionScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.relay = startEventRelay({
      store: this.events,
      bus: this.context.bus,
      service: 'payins',
      on_error: (error) => this.logger.warn(`event relay retrying: ${String(error)}`),
      dead_letters: this.dead_letters,
    });
    this.scheduler.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
    await this.relay?.stop();
  }
}
