/** Percentile of sorted millisecond samples (nearest rank). */
export function percentile(sorted_ms: number[], p: number): number {
  if (sorted_ms.length === 0) return 0;
  const rank = Math.min(
    sorted_ms.length - 1,
    Math.max(0, Math.ceil((p / 100) * sorted_ms.length) - 1),
  );
  return sorted_ms[rank]!;
}

/**
 * The middle value, or the mean of the two middle ones of an even count (the upper one alone made
 * the median of two rounds their best rate and their worst CPU); 0 for none.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const upper = sorted[Math.floor(sorted.length / 2)]!;
  if (sorted.length % 2 === 1) return upper;
  return (sorted[sorted.length / 2 - 1]! + upper) / 2;
}

export function summarize(label: string, samples_ms: number[], elapsed_ms: number): string {
  const sorted = [...samples_ms].sort((a, b) => a - b);
  const per_second = (samples_ms.length / elapsed_ms) * 1000;
  return `${label}: ${samples_ms.length} ops in ${elapsed_ms.toFixed(0)} ms = ${per_second.toFixed(0)}/s, p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
}

/** Latency only, for requests made one at a time: p50, p90 and p99. */
export function latencies(label: string, samples_ms: number[]): string {
  const sorted = [...samples_ms].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(2);
  return `${label}: ${samples_ms.length} requests, p50 ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms`;
}

/** How a run's slow requests fell in time: spread over the run, or bunched in a few stalls. */
export interface SlowRequests {
  /** Requests slower than the threshold. */
  slow: number;
  /** Windows of the run that held at least one of them, of `windows` in all. */
  slow_windows: number;
  windows: number;
  /** The window that held the most, by its start (ms after the run started), and how many. */
  worst: { start_ms: number; slow: number } | null;
}

/**
 * Slow requests by the window of the run in which each began (`began_ms[i]`, ms after the run
 * started, for `samples_ms[i]`). A p99 made by a few stalls of the server shows as most slow
 * requests in a few windows; one made by a server busy throughout, as slow requests everywhere.
 */
export function slowRequests(
  began_ms: readonly number[],
  samples_ms: readonly number[],
  threshold_ms: number,
  window_ms: number,
): SlowRequests {
  const last_began_ms = began_ms.reduce((latest, each) => Math.max(latest, each), 0);
  const windows = began_ms.length === 0 ? 0 : Math.floor(last_began_ms / window_ms) + 1;
  const slow_by_window = new Map<number, number>();
  samples_ms.forEach((sample_ms, index) => {
    if (sample_ms <= threshold_ms) return;
    const window = Math.floor((began_ms[index] ?? 0) / window_ms);
    slow_by_window.set(window, (slow_by_window.get(window) ?? 0) + 1);
  });
  let worst: SlowRequests['worst'] = null;
  for (const [window, slow] of slow_by_window)
    if (!worst || slow > worst.slow) worst = { start_ms: window * window_ms, slow };
  const slow = [...slow_by_window.values()].reduce((sum, each) => sum + each, 0);
  return { slow, slow_windows: slow_by_window.size, windows, worst };
}
