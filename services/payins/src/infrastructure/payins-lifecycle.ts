import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CollectionScheduler } from './collection-scheduler';

/** Runs the collection scheduler while the service runs (the event relay is wired in the module). */
@Injectable()
export class PayinsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly scheduler: CollectionScheduler) {}

  onApplicationBootstrap(): void {
    this.scheduler.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
  }
}
