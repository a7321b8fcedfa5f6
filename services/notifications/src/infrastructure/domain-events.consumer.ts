import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { eventEnvelopeSchema, type EventEnvelope } from '@platform/contracts';
import { preparedQuery, withTransaction } from '@platform/persistence';
import { PLATFORM_CONTEXT, SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import { PublicEventsRepository } from './public-events.repository';
import { WebhookRuntime } from './webhook-runtime';

/**
 * Deliveries taken in one transaction at most; also the events of one partition the bus hands
 * over before the first is settled (the service's event_prefetch), so one account's burst is one
 * batch rather than a transaction per event.
 */
export const DOMAIN_EVENTS_PER_BATCH = 100;

interface PendingDelivery {
  envelope: EventEnvelope;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Takes in each domain event exactly once, whatever the bus redelivers, and projects it into
 * its public event (with its webhook jobs and broadcast) in the same transaction.
 *
 * The bus hands over the events of several partitions at once, and of one partition up to
 * DOMAIN_EVENTS_PER_BATCH in order: the events delivered while a transaction is in flight are
 * taken together in the next one (one insert, one commit), so a busy bus costs a commit per batch
 * rather than per event. Each
 * delivery is acknowledged only once its batch has committed; when a batch fails, its events are
 * taken again one per transaction, so only the one that fails is redelivered.
 */
@Injectable()
export class DomainEventsConsumer {
  private readonly pending: PendingDelivery[] = [];
  private flushing = false;

  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly public_events: PublicEventsRepository,
    private readonly webhooks: WebhookRuntime,
  ) {}

  /** Resolves once the event has committed (or was taken before); rejects when it failed. */
  async take(payload: unknown): Promise<void> {
    const envelope = eventEnvelopeSchema.parse(payload) as EventEnvelope;
    await new Promise<void>((resolve, reject) => {
      this.pending.push({ envelope, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        void this.flush();
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      for (;;) {
        // Each batch is cut a turn later: by then every partition released by the last commit
        // (or, for the first batch, delivering in this turn) has handed over its next event.
        await nextTurn();
        const batch = this.pending.splice(0, DOMAIN_EVENTS_PER_BATCH);
        if (batch.length === 0) return;
        await this.takeBatch(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async takeBatch(batch: PendingDelivery[]): Promise<void> {
    try {
      await this.takeAll(batch.map((delivery) => delivery.envelope));
      for (const delivery of batch) delivery.resolve();
    } catch (error) {
      const [only] = batch;
      if (only && batch.length === 1) {
        only.reject(error);
        return;
      }
      // One event that fails must not fail the others: each alone, in its own transaction.
      for (const delivery of batch) await this.takeBatch([delivery]);
    }
  }

  /**
   * One transaction: the events not taken before are recorded and projected, in order. The
   * record is the inbox: `domain_events` is keyed by event id, so the events its insert skips
   * were taken before (a redelivery, or the same event twice in the batch) and are not projected
   * again. A separate inbox row per event would only repeat that key. The row keeps what the event
   * was, not its envelope: the producer's store has that (migration 006).
   */
  private async takeAll(envelopes: readonly EventEnvelope[]): Promise<void> {
    const unique = [
      ...new Map(envelopes.map((envelope) => [envelope.event_id, envelope])).values(),
    ];
    const queued_deliveries = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ event_id: string }>(
        preparedQuery(
          `insert into domain_events (event_id, type, stream, org_id, account_id, occurred_at)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::timestamptz[])
         on conflict (event_id) do nothing
         returning event_id::text`,
          [
            unique.map((envelope) => envelope.event_id),
            unique.map((envelope) => envelope.type),
            unique.map((envelope) => envelope.stream),
            unique.map((envelope) => envelope.org_id),
            unique.map((envelope) => envelope.account_id),
            unique.map((envelope) => envelope.occurred_at),
          ],
        ),
      );
      const fresh_ids = new Set(rows.map((row) => row.event_id));
      const taken = unique.filter((envelope) => fresh_ids.has(envelope.event_id.toLowerCase()));
      if (taken.length === 0) return 0;
      return this.public_events.projectMany(client, taken, this.context.environment === 'live');
    });
    if (queued_deliveries > 0) this.webhooks.deliveriesQueued();
  }
}
