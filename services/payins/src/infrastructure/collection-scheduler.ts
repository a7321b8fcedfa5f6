import {
  chunksOf,
  failuresOf,
  inLanes,
  lookOutcomeOf,
  PollCadence,
  Poller,
  PoisonGuard,
  type DeadLetters,
  type GuardedOutcome,
  type LookOutcome,
  type PoisonPolicy,
} from '@platform/persistence';
import type { CollectionWorker } from '../application/collection-worker';
import type { PayinsRepository } from './payins.repository';

export interface SchedulerSettings {
  /** How often due steps and expiries are looked for while there are some. */
  poll_ms: number;
  /** The longest pause between looks while there are none (see `PollCadence`). */
  idle_poll_ms: number;
  /** How often due card settlements are credited (spec §3: every minute). */
  settlement_interval_ms: number;
}

export interface SchedulerReports {
  /** A transition failed and will be tried again after a backoff. */
  on_error: (error: unknown) => void;
  /** A payin's transition failed so often that it was set aside as a dead letter (D12). */
  on_set_aside: (source: string, payin_id: string, reason: string) => void;
}

const BATCH_SIZE = 100;
/**
 * Payins stepped in one transaction (see CollectionWorker.stepMany). With 8, crediting fell
 * behind the creates under load (`npm run bench:api` payins, sandbox step 0, 5 runs: credited
 * 1.6-2.4 s after create at p50, 382-460 created and credited a second end to end); with 25,
 * 1.0-1.6 s and 478-509 a second, for 11% less of the process's CPU per payin: fewer
 * transactions, statements and ledger batches per payin. The price: crediting that keeps up runs
 * while the creates do, which took 4% of their rate on average (6 pairs) and raised their p99.
 * 50 did as well or better, but a chunk that fails is stepped one payin at a time, all at once,
 * and that burst would then be 50 transactions waiting for the pool.
 */
const CHUNK_SIZE = 25;
/**
 * Chunks stepped side by side. One at a time fell behind its creates: under 450 creates a second
 * (`npm run bench:api`, sandbox step 0), payins waited 5-6 s from create to credited.
 */
const CHUNKS_AT_ONCE = 4;

/**
 * A polling scheduler on the payins table: durable by construction, since what is due is read
 * from the committed rows on every tick (a restart loses nothing). Several instances may run:
 * each transition locks its row with `skip locked`. A payin whose transition fails waits out a
 * backoff, and one that keeps failing while others go through is set aside (D12).
 */
export class CollectionScheduler {
  private readonly poller: Poller;
  private last_settlement_ms = 0;
  private readonly steps: PoisonGuard;
  private readonly expiries: PoisonGuard;
  private readonly settlements: PoisonGuard;

  constructor(
    private readonly payins: PayinsRepository,
    private readonly worker: CollectionWorker,
    private readonly settings: SchedulerSettings,
    private readonly reports: SchedulerReports,
    dead_letters: DeadLetters,
    policy: Partial<PoisonPolicy> = {},
  ) {
    this.steps = new PoisonGuard(dead_letters, 'worker:collection_step', policy);
    this.expiries = new PoisonGuard(dead_letters, 'worker:collection_expiry', policy);
    this.settlements = new PoisonGuard(dead_letters, 'worker:card_settlement', policy);
    this.poller = new Poller({
      look: () => this.tick(),
      cadence: new PollCadence(settings.poll_ms, settings.idle_poll_ms),
      on_error: reports.on_error,
    });
  }

  start(): void {
    this.poller.start(0);
  }

  /** A payin was created or moved: looked at within the busy pause (see `Poller.wake`). */
  wake(): void {
    this.poller.wake();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /**
   * Runs what is due: whether a step or an expiry was, or a full batch of either (settlements keep
   * their own clock).
   */
  private async tick(): Promise<LookOutcome> {
    const { steps, expiries, settlements } = this;
    const due_steps = await this.payins.dueSteps(BATCH_SIZE, steps);
    await this.each(steps, due_steps, (chunk) => this.worker.stepMany(chunk));
    const due_expiries = await this.payins.dueExpiries(BATCH_SIZE, expiries);
    await this.each(
      expiries,
      due_expiries,
      oneByOne((id) => this.worker.expire(id)),
    );
    const now_ms = Date.now();
    if (now_ms - this.last_settlement_ms >= this.settings.settlement_interval_ms) {
      this.last_settlement_ms = now_ms;
      const due = await this.payins.dueSettlements(BATCH_SIZE, settlements);
      await this.each(
        settlements,
        due,
        oneByOne((id) => this.worker.settle(id)),
      );
    }
    const found_count = Math.max(due_steps.length, due_expiries.length);
    return lookOutcomeOf(found_count, BATCH_SIZE);
  }

  /**
   * A chunk at a time in each of a few lanes (a chunk waits on the ledger); `work` answers the ids
   * of a chunk that failed, and one failing payin (ledger unavailable...) must not hold back the
   * others.
   */
  private async each(guard: PoisonGuard, ids: string[], work: ChunkWork): Promise<void> {
    await inLanes(
      chunksOf(ids, CHUNK_SIZE),
      CHUNKS_AT_ONCE,
      async (chunk) => {
        const failures = await work(chunk);
        const outcomes = await guard
          .settle(chunk, (payin_id) => ({ payin_id }), failures)
          .catch((error: unknown) => new Map(chunk.map((id) => [id, retry(error)])));
        for (const [payin_id, outcome] of outcomes) {
          if (outcome.outcome === 'retry') this.reports.on_error(outcome.error);
          if (outcome.outcome === 'set_aside')
            this.reports.on_set_aside(guard.source, payin_id, outcome.reason);
        }
      },
      () => this.poller.is_stopped,
    );
  }
}

/** The transitions of a chunk of payins: the ones that failed, with why. */
type ChunkWork = (payin_ids: string[]) => Promise<Map<string, unknown>>;

/** What a chunk whose outcomes could not be counted is: every payin of it tried again later. */
function retry(error: unknown): GuardedOutcome {
  return { outcome: 'retry', error, retry_in_ms: 0 };
}

/** A transition of one payin run for each of a chunk at once, each failing alone. */
function oneByOne(work: (payin_id: string) => Promise<unknown>): ChunkWork {
  return (payin_ids) => failuresOf(payin_ids, work);
}
