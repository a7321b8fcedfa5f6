import {
  constants,
  performance,
  PerformanceObserver,
  type PerformanceEntry,
} from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { median } from './stats';

/** The kinds of collection perf_hooks reports, by what they collect. */
export type GcKind = 'minor' | 'major' | 'incremental' | 'weak_callbacks';

/** One pause of this process for its garbage collector. */
export interface GcPause {
  kind: GcKind;
  /** When it began, ms after the recording started. */
  start_ms: number;
  duration_ms: number;
}

const KINDS = new Map<number, GcKind>([
  [constants.NODE_PERFORMANCE_GC_MINOR, 'minor'],
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'major'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weak_callbacks'],
]);

/**
 * Records this process's GC pauses until `stop()`. The platform of `bench:api` runs in the bench's
 * own process, so these are the platform's pauses: a request that arrives during one waits it out.
 */
export function recordGcPauses(): { stop(): GcPause[] } {
  const started_ms = performance.now();
  const pauses: GcPause[] = [];
  const take = (entries: PerformanceEntry[]) => {
    for (const entry of entries) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      const kind = KINDS.get(detail?.kind ?? -1);
      if (kind === undefined || entry.startTime < started_ms) continue;
      pauses.push({ kind, start_ms: entry.startTime - started_ms, duration_ms: entry.duration });
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      // Entries are handed to the callback later: those not handed over yet are taken here.
      take(observer.takeRecords());
      observer.disconnect();
      return pauses;
    },
  };
}

/**
 * Pauses by kind: how many, their sum and the longest; and when each major collection began, to set
 * beside the windows of slow requests (a stall that is the collector's lines up with one).
 */
export function describeGcPauses(pauses: readonly GcPause[]): string {
  const of = (kind: GcKind) => pauses.filter((pause) => pause.kind === kind);
  const summary = (kind: GcKind) => {
    const each = of(kind);
    const total_ms = each.reduce((sum, pause) => sum + pause.duration_ms, 0);
    const longest_ms = each.reduce((longest, pause) => Math.max(longest, pause.duration_ms), 0);
    return `${each.length} ${kind.replace('_', ' ')} (${total_ms.toFixed(0)} ms, longest ${longest_ms.toFixed(1)} ms)`;
  };
  const majors = of('major');
  const at =
    majors.length === 0
      ? 'no major collection'
      : `major collections at ${majors.map((pause) => `${(pause.start_ms / 1000).toFixed(1)} s`).join(', ')}`;
  return `${summary('minor')}, ${summary('incremental')}, ${summary('major')}; ${at}`;
}

/** One round of a run: its p99, and how many major collections ran while its load did. */
export interface RoundCollections {
  p99_ms: number;
  major_collections: number;
}

/**
 * The rounds split by whether a major collection ran in them, with the median p99 of each part:
 * one full collection of the old generation stalls the event loop for tens of milliseconds, and a
 * round's p99 may be that one stall.
 */
export function describeRoundsByMajorCollection(rounds: readonly RoundCollections[]): string {
  const part = (with_major: boolean) => {
    const p99s = rounds
      .filter(({ major_collections }) => major_collections > 0 === with_major)
      .map(({ p99_ms }) => p99_ms);
    return p99s.length === 0 ? '' : `, p99 ${median(p99s).toFixed(2)} ms`;
  };
  const collected = rounds.filter(({ major_collections }) => major_collections > 0).length;
  return (
    `${collected} of ${rounds.length} rounds had a major collection${part(true)}; ` +
    `${rounds.length - collected} had none${part(false)}`
  );
}

/**
 * The young generation's size now (its semi-spaces together), in MB: V8 shrinks it when it reduces
 * memory after a lull, unless `--min-semi-space-size` holds it, and a run that starts with it small
 * meets a scavenge every few tens of milliseconds until it has grown back.
 */
export function youngGenerationMb(): number {
  const young = getHeapSpaceStatistics().find(({ space_name }) => space_name === 'new_space');
  return (young?.space_size ?? 0) / 2 ** 20;
}
