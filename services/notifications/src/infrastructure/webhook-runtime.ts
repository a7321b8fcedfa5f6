import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { OutboxRelay } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  PLATFORM_CONTEXT,
  poisonPolicyOf,
  SERVICE_POOL,
  type PlatformContext,
} from '@platform/runtime';
import { CallbackSender } from './callback-sender';
import { NOTIFICATIONS_SETTINGS, type NotificationsSettings } from '../notifications.settings';
import { PublicEventsRepository } from './public-events.repository';
import { SecretCipher, webhookSecretKey } from './secret-cipher';
import { StreamLeasesRepository } from './stream-leases.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';

/**
 * How long committed public events gather after a broadcast before the next one: under load the
 * relay publishes a batch per 20 ms rather than a transaction per event; after a quiet spell an
 * event goes at once (`npm run bench:api`).
 */
const PUBLIC_EVENTS_RELAY_LINGER_MS = 20;

/**
 * What runs beside the message handlers: the outbox relay that broadcasts committed public
 * events to the gateways, the webhook dispatcher, and the 90-day retention sweep (hourly),
 * which also drops expired stream leases and openings past their hour.
 */
@Injectable()
export class WebhookRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('notifications');
  readonly cipher: SecretCipher;
  private readonly sender: CallbackSender;
  private readonly dispatcher: WebhookDispatcher;
  private readonly relay: OutboxRelay;
  private retention_timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    @Inject(PLATFORM_CONTEXT) context: PlatformContext,
    @Inject(SERVICE_POOL) pool: Pool,
    @Inject(DEAD_LETTERS) dead_letters: DeadLetters,
    @Inject(NOTIFICATIONS_SETTINGS) private readonly settings: NotificationsSettings,
    subscriptions: WebhookSubscriptionsRepository,
    private readonly events: PublicEventsRepository,
    private readonly stream_leases: StreamLeasesRepository,
  ) {
    this.cipher = new SecretCipher(webhookSecretKey(context.environment, settings));
    this.sender = new CallbackSender(
      { allow_loopback: settings.WEBHOOKS_ALLOW_LOOPBACK },
      settings.WEBHOOK_TIMEOUT_MS,
    );
    this.dispatcher = new WebhookDispatcher({
      pool,
      subscriptions,
      cipher: this.cipher,
      sender: this.sender,
      retry_scale: settings.WEBHOOK_RETRY_SCALE,
      attempt_timeout_ms: settings.WEBHOOK_TIMEOUT_MS,
      poll_interval_ms: settings.WEBHOOK_POLL_MS,
      on_error: (error) => this.logger.warn(`webhook dispatcher retrying: ${String(error)}`),
      dead_letters,
      poison_policy: poisonPolicyOf(settings),
      on_set_aside: (job_id, reason) =>
        this.logger.error(`webhook job ${job_id} set aside as a dead letter: ${reason}`),
    });
    this.relay = new OutboxRelay({
      pool,
      bus: context.bus,
      schema: 'notifications',
      poll_interval_ms: settings.WEBHOOK_POLL_MS,
      linger_ms: PUBLIC_EVENTS_RELAY_LINGER_MS,
      // Each row is a copy of a public event, which the service keeps for 90 days: a published
      // one has nothing left to tell, and is deleted rather than written again as published.
      retain_published_ms: 0,
      on_error: (error) => this.logger.warn(`public events relay retrying: ${String(error)}`),
      dead_letters,
      poison_policy: poisonPolicyOf(settings),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
    this.dispatcher.start();
    this.retention_timer = setInterval(
      () => this.startSweep(),
      this.settings.EVENTS_RETENTION_SWEEP_MS,
    );
    this.retention_timer.unref();
    this.startSweep();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.retention_timer) clearInterval(this.retention_timer);
    // A sweep still running finishes before the pool it uses is ended.
    await this.sweeping;
    await this.dispatcher.stop();
    await this.relay.stop();
    await this.sender.close();
  }

  /** Jobs were committed: the dispatcher looks at once. */
  deliveriesQueued(): void {
    this.dispatcher.signal();
  }

  /** One sweep at a time: a slow one is not overtaken by the next tick. */
  private startSweep(): void {
    this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
  }

  private async sweep(): Promise<void> {
    try {
      await this.events.prune(this.settings.EVENTS_RETENTION_DAYS);
      // Counting skips these already; the sweep only keeps the tables small.
      await this.stream_leases.prune();
    } catch (error) {
      this.logger.warn(`retention sweep failed: ${String(error)}`);
    }
  }
}
