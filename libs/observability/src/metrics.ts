import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type Metric,
} from 'prom-client';

let registry: Registry | null = null;

/** This process's one Prometheus registry, with Node's default metrics (CPU, memory, event loop). */
export function metricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}

export interface CounterOptions<L extends string> {
  /** snake_case with the unit last, counters ending `_total`: `payouts_created_total`. */
  name: string;
  help: string;
  label_names?: readonly L[];
}

export interface HistogramOptions<L extends string> extends CounterOptions<L> {
  /** Upper bounds in the metric's unit; default prom-client's, which suit seconds. */
  buckets?: number[];
}

/**
 * A metric registered once per name: the all-in-one runtime builds each service module twice
 * (test and live), and both must share the metric rather than fail on a duplicate name.
 */
function registeredOnce<M extends Metric>(
  name: string,
  kind: new (...args: never[]) => M,
  create: () => M,
): M {
  const existing = metricsRegistry().getSingleMetric(name);
  if (existing === undefined) return create();
  if (!(existing instanceof kind))
    throw new Error(`metric ${name} is already registered as another type`);
  return existing;
}

export function createCounter<L extends string = string>(options: CounterOptions<L>): Counter<L> {
  return registeredOnce(
    options.name,
    Counter<L>,
    () =>
      new Counter<L>({
        name: options.name,
        help: options.help,
        labelNames: options.label_names ?? [],
        registers: [metricsRegistry()],
      }),
  );
}

export function createHistogram<L extends string = string>(
  options: HistogramOptions<L>,
): Histogram<L> {
  return registeredOnce(
    options.name,
    Histogram<L>,
    () =>
      new Histogram<L>({
        name: options.name,
        help: options.help,
        labelNames: options.label_names ?? [],
        registers: [metricsRegistry()],
        ...(options.buckets ? { buckets: options.buckets } : {}),
      }),
  );
}

/** One value of a gauge read at scrape time. */
export interface GaugeSample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

/** Where a gauge's values come from; several (one per environment, per service) may share it. */
export type GaugeSource<L extends string> = () => Promise<GaugeSample<L>[]>;

const gauge_sources = new Map<string, Set<GaugeSource<string>>>();

/**
 * A gauge read when Prometheus scrapes (a row count, a lag): each source answers its samples,
 * a source that fails answers nothing this time. Returns what removes the source again (on
 * shutdown, so a closed database is not asked).
 */
export function addGaugeSource<L extends string>(
  options: CounterOptions<L>,
  source: GaugeSource<L>,
): () => void {
  const sources = gauge_sources.get(options.name) ?? new Set<GaugeSource<string>>();
  gauge_sources.set(options.name, sources);
  registeredOnce(
    options.name,
    Gauge<L>,
    () =>
      new Gauge<L>({
        name: options.name,
        help: options.help,
        labelNames: options.label_names ?? [],
        registers: [metricsRegistry()],
        async collect() {
          const read = await Promise.all(
            [...sources].map((next) => next().catch((): GaugeSample<L>[] => [])),
          );
          this.reset();
          for (const sample of read.flat()) this.set(sample.labels, sample.value);
        },
      }),
  );
  sources.add(source as GaugeSource<string>);
  return () => sources.delete(source as GaugeSource<string>);
}

/** The body of a `/metrics` response (Prometheus text format). */
export function metricsText(): Promise<string> {
  return metricsRegistry().metrics();
}

/** The Content-Type of a `/metrics` response. */
export function metricsContentType(): string {
  return metricsRegistry().contentType;
}
