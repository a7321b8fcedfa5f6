import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { redactForAccount, type PublicEvent } from '@platform/contracts';
import { createCounter } from '@platform/observability';
import {
  PoisonGuard,
  withTransaction,
  type DeadLetters,
  type PoisonPolicy,
} from '@platform/persistence';
import { isSuccessfulStatus, nextAttemptOffsetMs } from '../domain/delivery-schedule';
import { signWebhook } from '../domain/webhook-signature';
import type { CallbackResponse, CallbackSender } from './callback-sender';
import type { SecretCipher } from './secret-cipher';
import type { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';

interface DueJob {
  job_id: string;
  subscription_id: string;
  event_id: string;
  manual: boolean;
  attempts_made: number;
  max_attempts: number;
  queued_at: Date;
  event_type: PublicEvent['type'];
  livemode: boolean;
  created_at: Date;
  data: Record<string, unknown>;
}

export interface DispatcherOptions {
  pool: Pool;
  subscriptions: WebhookSubscriptionsRepository;
  cipher: SecretCipher;
  sender: CallbackSender;
  retry_scale: number;
  attempt_timeout_ms: number;
  poll_interval_ms: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  on_error?: (error: unknown) => void;
  /**
   * A job whose attempt throws (not a failed delivery: a job that cannot even be sent, such as
   * a secret that no longer opens) is retried after a backoff and, when it keeps failing while
   * others go out, set aside there (D12).
   */
  dead_letters: DeadLetters;
  poison_policy?: Partial<PoisonPolicy>;
  on_set_aside?: (job_id: string, reason: string) => void;
}

/** Webhook attempts by outcome: delivered, retrying (another attempt is scheduled), failed (the last). */
const webhook_deliveries_total = createCounter<'outcome'>({
  name: 'webhook_deliveries_total',
  help: 'webhook delivery attempts by outcome: delivered, retrying or failed (no attempt left)',
  label_names: ['outcome'],
});

const OUTCOME_OF_STATE = { succeeded: 'delivered', pending: 'retrying', failed: 'failed' } as const;

/**
 * Works the durable queue `webhook_jobs`: claims due jobs with a lease (SKIP LOCKED, so any
 * number of notifications processes share the work), sends each attempt, logs it, and
 * schedules the next one. A process that dies mid-attempt leaves its lease to expire and the
 * attempt is made again (at-least-once: receivers deduplicate by X-Webhook-Event-ID).
 */
export class WebhookDispatcher {
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wake: () => void = () => undefined;
  private readonly concurrency: number;
  private readonly in_flight = new Set<Promise<void>>();
  private readonly guard: PoisonGuard;

  constructor(private readonly options: DispatcherOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.guard = new PoisonGuard(
      options.dead_letters,
      'worker:webhook_delivery',
      options.poison_policy,
    );
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.signal();
    await this.loop;
    this.loop = undefined;
  }

  /** New jobs were committed: look now rather than at the next poll. */
  signal(): void {
    this.woken = true;
    this.wake();
  }

  /**
   * Keeps up to `concurrency` attempts in flight: a slow callback holds one slot, not the
   * whole batch. Each finished attempt wakes the loop to claim the next due job.
   */
  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.in_flight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await this.claim(free);
          claimed = jobs.length;
          for (const job of jobs) this.track(job);
        } catch (error) {
          this.options.on_error?.(error);
        }
      }
      if (free === 0 || claimed < free) await this.sleep(this.options.poll_interval_ms);
    }
    await Promise.allSettled([...this.in_flight]);
  }

  private track(job: DueJob): void {
    const { job_id, subscription_id, event_id } = job;
    const attempt = this.guard
      .run(job_id, { job_id, subscription_id, event_id }, () => this.attempt(job))
      .then(async (result) => {
        if (result.outcome === 'set_aside') this.options.on_set_aside?.(job_id, result.reason);
        if (result.outcome !== 'retry') return;
        this.options.on_error?.(result.error);
        // Its lease is cut to the backoff: it is claimed again then, not when the lease ends.
        await this.options.pool.query(
          `update webhook_jobs set locked_until = now() + make_interval(secs => $2::double precision / 1000)
            where job_id = $1`,
          [job_id, result.retry_in_ms],
        );
      })
      .catch((error: unknown) => this.options.on_error?.(error))
      .finally(() => {
        this.in_flight.delete(attempt);
        this.signal();
      });
    this.in_flight.add(attempt);
  }

  private async claim(limit: number): Promise<DueJob[]> {
    const lease_ms = this.options.attempt_timeout_ms + 30_000;
    return withTransaction(this.options.pool, async (client) => {
      const { rows } = await client.query<DueJob>(
        `update webhook_jobs as job
         set locked_until = now() + make_interval(secs => $2::double precision / 1000)
         from public_events as event
         where event.event_id = job.event_id and job.job_id in (
           select job_id from webhook_jobs
           where state = 'pending' and next_attempt_at <= now()
             and (locked_until is null or locked_until < now())
             and ${this.guard.notSetAside('$3', 'job_id::text')}
           order by next_attempt_at limit $1 for update skip locked)
         returning job.job_id::text, job.subscription_id, job.event_id, job.manual,
           job.attempts_made, job.max_attempts, job.queued_at, event.type as event_type,
           event.livemode, event.created_at, event.data`,
        [limit, lease_ms, this.guard.source],
      );
      return rows;
    });
  }

  private async attempt(job: DueJob): Promise<void> {
    const subscription = await this.options.subscriptions.findById(job.subscription_id);
    if (!subscription) return;
    // Every subscription is account-scoped today, so `ip` and `user_agent` never go out.
    const event: PublicEvent = {
      id: job.event_id,
      type: job.event_type,
      created_at: job.created_at.toISOString(),
      livemode: job.livemode,
      data: redactForAccount(job.data),
    };
    const body = Buffer.from(JSON.stringify(event), 'utf8');
    const delivery_id = `dlv_${randomUUID().replace(/-/g, '')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const signatures = signWebhook({
      secret: this.options.cipher.open(subscription.sealed_secret),
      timestamp,
      event_type: event.type,
      event_id: event.id,
      raw_body: body,
    });
    const response = await this.options.sender.post(
      subscription.callback_url,
      {
        'x-webhook-event': event.type,
        'x-webhook-event-id': event.id,
        'x-webhook-delivery-id': delivery_id,
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signatures.v1,
        'x-webhook-signature-v2': signatures.v2,
        'user-agent': 'platform-webhooks/1',
      },
      body,
    );
    await this.record(job, delivery_id, response);
  }

  private async record(
    job: DueJob,
    delivery_id: string,
    response: CallbackResponse,
  ): Promise<void> {
    const succeeded = response.status !== null && isSuccessfulStatus(response.status);
    const attempt = job.attempts_made + 1;
    const offset_ms =
      succeeded || attempt >= job.max_attempts
        ? null
        : nextAttemptOffsetMs(attempt, this.options.retry_scale);
    const state = succeeded ? 'succeeded' : offset_ms === null ? 'failed' : 'pending';
    const failure =
      response.failure ?? (succeeded ? null : `unexpected_status_${String(response.status)}`);
    await withTransaction(this.options.pool, async (client) => {
      await client.query(
        `insert into webhook_deliveries (delivery_id, job_id, subscription_id, event_id,
           event_type, attempt, manual, status, response_status, failure, duration_ms)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          delivery_id,
          job.job_id,
          job.subscription_id,
          job.event_id,
          job.event_type,
          attempt,
          job.manual,
          succeeded ? 'succeeded' : 'failed',
          response.status,
          failure,
          response.duration_ms,
        ],
      );
      // The schedule counts from when the event was queued: 0, 5, 20, 45, 80 s after it.
      await client.query(
        `update webhook_jobs set attempts_made = $2, state = $3, locked_until = null,
           next_attempt_at = greatest(now(),
             queued_at + make_interval(secs => coalesce($4::double precision, 0) / 1000))
         where job_id = $1`,
        [job.job_id, attempt, state, offset_ms],
      );
    });
    webhook_deliveries_total.inc({ outcome: OUTCOME_OF_STATE[state] });
  }

  private sleep(duration_ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, duration_ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.woken = false;
        this.wake = () => undefined;
        done();
      };
    });
  }
}
