/**
 * A counter's values in Prometheus' text format, summed over processes: the bench reads what the
 * services count (such as the ledger's append conflicts) before and after a run.
 */

/** The samples of counter `name` in `text`, by their label set as written (`site="group"`). */
export function counterSamples(text: string, name: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^(\w+)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const value = Number(match[3]);
    if (!Number.isFinite(value)) continue;
    const labels = match[2] ?? '';
    samples.set(labels, (samples.get(labels) ?? 0) + value);
  }
  return samples;
}

/** A process's `/metrics`, with the headers it asks for (the gateway's operator token). */
export interface MetricsSource {
  base_url: string;
  headers?: Record<string, string>;
}

/** The counter summed over these processes. */
export async function scrapeCounter(sources: readonly MetricsSource[], name: string) {
  const totals = new Map<string, number>();
  for (const { base_url, headers } of sources) {
    const response = await fetch(`${base_url}/metrics`, headers ? { headers } : {});
    if (!response.ok) throw new Error(`${base_url}/metrics answered ${response.status}`);
    for (const [labels, value] of counterSamples(await response.text(), name)) {
      totals.set(labels, (totals.get(labels) ?? 0) + value);
    }
  }
  return totals;
}

/** What the counter grew by between two scrapes, per request, as `site="group" 0.42, ...`. */
export function describeCounterGrowth(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  requests: number,
): string {
  const grown = [...after]
    .map(([labels, value]) => [labels, value - (before.get(labels) ?? 0)] as const)
    .filter(([, growth]) => growth > 0)
    .map(([labels, growth]) => `${labels || 'total'} ${(growth / requests).toFixed(3)}`);
  return grown.length > 0 ? grown.join(', ') : 'none';
}

/**
 * Per label set, what the first counter grew by for each unit the second grew by between two
 * scrapes (such as messages per consumed batch), as `consumer="replies" 3.4, ...`.
 */
export function describeGrowthRatio(
  numerator: { before: ReadonlyMap<string, number>; after: ReadonlyMap<string, number> },
  denominator: { before: ReadonlyMap<string, number>; after: ReadonlyMap<string, number> },
): string {
  const growthOf = (counter: typeof numerator, labels: string) =>
    (counter.after.get(labels) ?? 0) - (counter.before.get(labels) ?? 0);
  const ratios = [...denominator.after.keys()]
    .map((labels) => [labels, growthOf(numerator, labels), growthOf(denominator, labels)] as const)
    .filter(([, , units]) => units > 0)
    .map(([labels, grown, units]) => `${labels || 'total'} ${(grown / units).toFixed(1)}`);
  return ratios.length > 0 ? ratios.join(', ') : 'none';
}
