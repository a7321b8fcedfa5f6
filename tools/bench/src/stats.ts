/** Percentile of sorted millisecond samples (nearest rank). */
export function percentile(sorted_ms: number[], p: number): number {
  if (sorted_ms.length === 0) return 0;
  const rank = Math.min(
    sorted_ms.length - 1,
    Math.max(0, Math.ceil((p / 100) * sorted_ms.length) - 1),
  );
  return sorted_ms[rank]!;
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
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
