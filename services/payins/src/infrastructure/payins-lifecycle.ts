import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { PgEventStore } from '@platform/event-store';
import { CollectionScheduler } from './collection-scheduler';
import { PAYINS_EVENTS } from './payins.repository';

/**
 * Runs the collection scheduler while the service runs (the event relay is wired in the module),
 * woken by the payins store's appends: a payin created or moved is looked at within the busy
 * pause, however long the scheduler had been idle.
 */
@Injectable()
export class PayinsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop_waking: (() => Promise<void>) | undefined;

  constructor(
    private readonly scheduler: CollectionScheduler,
    @Inject(PAYINS_EVENTS) private readonly events: PgEventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stop_waking = await this.events.onAppended(() => this.scheduler.wake());
    this.scheduler.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop_waking?.();
    await this.scheduler.stop();
  }
}
