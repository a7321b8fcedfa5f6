import type { DeliveredMessage } from '@platform/messaging';
import { waitFor } from '@platform/testing';
import type { ApiKind, ApiLoadPlan, ApiLoadResult } from './api-load';
import { openBenchAccount, poster, startLoadGenerator, type LoadGenerator } from './bench-client';
import { percentile } from './stats';

/**
 * What `api.bench.ts` does alike on the all-in-one and the distributed runtime: open the payers,
 * run the load generator, and time each payout to its completion and each payin to its credit.
 */

export const API_KINDS: readonly ApiKind[] = ['transfers', 'payouts', 'payins'];

/** The kinds a comma-separated list names, in its order; names of no kind are left out. */
export function apiKindsOf(text: string): ApiKind[] {
  return text.split(',').filter((kind): kind is ApiKind => API_KINDS.includes(kind as ApiKind));
}

/** Who pays and who is paid, and how each payer authenticates. */
export interface Payers {
  recipients: string[];
  payers: string[];
}

/**
 * Opens the payees and the payers on a gateway: `Authorization` values of their sessions. The
 * payees' ids come first in `account_ids`.
 */
export async function openPayers(
  base_url: string,
  counts: { payees: number; payers: number },
): Promise<Payers & { account_ids: string[] }> {
  const post = poster(base_url);
  const recipients: string[] = [];
  for (let payee = 0; payee < counts.payees; payee += 1)
    recipients.push((await openBenchAccount(post, `payee${payee}-`)).account_id);
  const payers: string[] = [];
  const account_ids = [...recipients];
  for (let payer = 0; payer < counts.payers; payer += 1) {
    const account = await openBenchAccount(post, `payer${payer}-`);
    payers.push(account.auth.authorization!);
    account_ids.push(account.account_id);
  }
  return { recipients, payers, account_ids };
}

/** The load generator every run of bench:api shares, started by the first run. */
let generator: LoadGenerator<ApiLoadPlan, ApiLoadResult> | undefined;

/**
 * One load run in the load generator's process, the same process for every run (its code is
 * compiled by the untimed warm-up, not during a timed run); refusals abort the benchmark, its
 * figures would mean nothing.
 */
export async function measuredLoad(plan: ApiLoadPlan): Promise<ApiLoadResult> {
  generator ??= startLoadGenerator<ApiLoadPlan, ApiLoadResult>('api-load.js');
  const result = await generator.run(plan);
  if (result.failures > 0)
    throw new Error(`${plan.kind}: ${result.failures} refused, first: ${result.first_failure}`);
  return result;
}

/** Stops the load generator of `measuredLoad`, when the benchmark is done with it. */
export function stopLoadGenerator(): void {
  generator?.close();
  generator = undefined;
}

/** The event topics whose events `completions` reads. */
export const COMPLETION_TOPICS = ['events.payouts', 'events.payins'];

/**
 * When each payout completed and each payin was credited (epoch ms), from the platform's
 * `payout_status_changed` and `payin_credited` events on COMPLETION_TOPICS; a handler that takes
 * the same event twice keeps the first time.
 */
export function completions() {
  const completed_at_ms = new Map<string, number>();
  const record = (id: string) => {
    if (!completed_at_ms.has(id))
      completed_at_ms.set(id, performance.timeOrigin + performance.now());
  };
  return {
    completed_at_ms,
    handler: (message: DeliveredMessage) => {
      const { type, data } = message.payload as {
        type: string;
        data: { payout_id?: string; payin_id?: string; status?: string };
      };
      if (type === 'payouts.payout_status_changed' && data.status === 'completed' && data.payout_id)
        record(data.payout_id);
      else if (type === 'payins.payin_credited' && data.payin_id) record(data.payin_id);
      return Promise.resolve();
    },
  };
}

export type Completions = ReturnType<typeof completions>;

/** Waits until every payout or payin a run created has completed or been credited. */
export async function awaitCompletions(
  finished: Completions,
  result: ApiLoadResult,
  timeout_ms: number,
): Promise<void> {
  const ids = result.created.map((created) => created.id);
  // Each look goes on from the first id not yet finished: checking all 3,000 ids every 10 ms
  // cost the waiting process a measurable share of its CPU.
  let finished_count = 0;
  const allFinished = () => {
    while (finished_count < ids.length && finished.completed_at_ms.has(ids[finished_count]!))
      finished_count += 1;
    return finished_count === ids.length;
  };
  await waitFor(allFinished, timeout_ms, 10);
}

/** Of a run whose creations all finished: each one's create-to-finished time, and the whole span. */
export interface Finishing {
  /** Create request sent to its payout's `completed` or its payin's `payin_credited` event, ms. */
  completed_ms: number[];
  /** First create request sent to the last one finished, ms; undefined when nothing was created. */
  end_to_end_ms: number | undefined;
}

export function finishingOf(finished: Completions, result: ApiLoadResult): Finishing {
  const done_at_ms = result.created.map(({ id }) => finished.completed_at_ms.get(id)!);
  return {
    completed_ms: result.created.map(({ sent_at_ms }, index) => done_at_ms[index]! - sent_at_ms),
    end_to_end_ms:
      result.created.length === 0
        ? undefined
        : Math.max(...done_at_ms) - Math.min(...result.created.map((each) => each.sent_at_ms)),
  };
}

/** Creations finished per second, first request sent to last one finished. */
export function endToEndRate(
  created: number,
  end_to_end_ms: number | undefined,
): number | undefined {
  return end_to_end_ms === undefined ? undefined : (created / end_to_end_ms) * 1000;
}

/** "create to completed: p50 …, p99 …" and "end to end: … = …/s" of a payouts or payins run. */
export function describeFinishing(kind: ApiKind, finishing: Finishing): string[] {
  const sorted = [...finishing.completed_ms].sort((a, b) => a - b);
  const [until, what] = kind === 'payouts' ? ['completed', 'payouts'] : ['credited', 'payins'];
  const end_to_end = endToEndRate(sorted.length, finishing.end_to_end_ms);
  return [
    `create to ${until}: p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(0)} ms (${sorted.length} ${what})`,
    `end to end: ${sorted.length} ${what} created and ${until} in ` +
      `${(finishing.end_to_end_ms ?? 0).toFixed(0)} ms = ${(end_to_end ?? 0).toFixed(0)}/s`,
  ];
}
