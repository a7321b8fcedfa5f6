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
import { OrganizationsService } from '../application/organizations.service';
import { IDENTITY_EVENTS } from './identity-store';

/** Seeds the demo organization and relays committed events to the bus while the service runs. */
@Injectable()
export class IdentityLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('identity');
  private relay: Subscription | null = null;

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(IDENTITY_EVENTS) private readonly events: PgEventStore,
    @Inject(DEAD_LETTERS) private readonly dead_letters: DeadLetters,
    private readonly organizations: OrganizationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.organizations.seedDemo();
    this.relay = startEventRelay({
      store: this.events,
      bus: this.context.bus,
      service: 'identity',
      on_error: (error) => this.logger.warn(`event relay retrying: ${String(error)}`),
      dead_letters: this.dead_letters,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}
