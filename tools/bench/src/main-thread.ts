import { readOrNull } from './process-cpu';

/**
 * How the platform's main thread spent a run, from Linux's scheduler statistics
 * (/proc/<pid>/task/<tid>/schedstat). `process.cpuUsage()` sums every thread of the process: the
 * main thread that runs JavaScript, and the helpers beside it (V8's optimising compiler and its
 * collector's helpers, libuv's pool). Only the main thread's time bounds how many requests the
 * all-in-one runtime serves, and the scheduler also says how long that thread was ready to run
 * but waited for a core the other processes held. In a CPU profile that wait shows up inside
 * whatever the thread ran last (most often the `writev` that handed PostgreSQL a statement and
 * woke its backend), not as idle time. Elsewhere than Linux, readings are null.
 */

/** The first two fields of a schedstat line: time on a core and time waiting for one, in ns. */
export interface ThreadSchedule {
  run_ns: number;
  wait_ns: number;
}

/** A schedstat line: `<ns on a core> <ns runnable but waiting> <time slices>`. */
export function scheduleOf(schedstat: string): ThreadSchedule | null {
  const [run_ns, wait_ns] = schedstat.trim().split(/\s+/).map(Number);
  if (!Number.isSafeInteger(run_ns) || !Number.isSafeInteger(wait_ns)) return null;
  return { run_ns: run_ns!, wait_ns: wait_ns! };
}

/** This process's main thread (its thread id is the process id). */
export function readMainThreadSchedule(): ThreadSchedule | null {
  const schedstat = readOrNull(`/proc/self/task/${process.pid}/schedstat`);
  return schedstat === null ? null : scheduleOf(schedstat);
}

export interface MainThreadSpan {
  before: ThreadSchedule | null;
  after: ThreadSchedule | null;
  /** The whole process's CPU over the same span (`process.cpuUsage()`), in ms. */
  process_cpu_ms: number;
  wall_ms: number;
  requests: number;
}

const NS_PER_MS = 1_000_000;

/**
 * One line: the main thread's CPU per request and its share of the wall time, the share it waited
 * for a core, and the other threads' CPU per request (the process's less the main thread's). A
 * main thread on a core or waiting for one nearly all the time is the limit of the run.
 */
export function describeMainThread(span: MainThreadSpan): string {
  const { before, after, wall_ms, requests } = span;
  if (!before || !after || wall_ms <= 0 || requests <= 0) {
    return 'not readable here (no /proc/<pid>/task/<tid>/schedstat)';
  }
  const run_ms = (after.run_ns - before.run_ns) / NS_PER_MS;
  const wait_ms = (after.wait_ns - before.wait_ns) / NS_PER_MS;
  const others_ms = Math.max(0, span.process_cpu_ms - run_ms);
  const percent = (ms: number) => `${((100 * ms) / wall_ms).toFixed(0)}%`;
  return (
    `${(run_ms / requests).toFixed(2)} ms/request on a core (${percent(run_ms)} of the time), ` +
    `waiting for a core ${percent(wait_ms)} of the time; the other threads (V8's compiler and ` +
    `collector helpers, libuv's pool) ${(others_ms / requests).toFixed(2)} ms/request`
  );
}
