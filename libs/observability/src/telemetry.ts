import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK, resources, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { Environment } from '@platform/contracts';
import { processContextManager } from './async-context';
import { metricsRegistry } from './metrics';
import { processObservabilitySettings } from './observability.settings';
import { w3cPropagator } from './propagation';

/** `both` is the all-in-one process, which hosts the test and live deployments together. */
export type TelemetryEnvironment = Environment | 'both';

export interface TelemetryOptions {
  service_name: string;
  environment: TelemetryEnvironment;
  /**
   * Auto-instrumentations; default the node:http one, for outgoing requests (a client span each).
   * `[]` turns them off. Incoming requests get their server span from the gateway's Fastify hooks
   * (traceHttpRequest).
   */
  instrumentations?: Instrumentations;
  /** Sends each span here as it ends, instead of OTLP (flush() awaits them): for tests. */
  span_exporter?: SpanExporter;
}

export interface Telemetry {
  readonly service_name: string;
  /** The OTLP endpoint spans are exported to; null when spans only carry ids for the logs. */
  readonly otlp_endpoint: string | null;
  /** Resolves once every span ended so far is exported (tests read an in-memory exporter). */
  flush(): Promise<void>;
  /** Flushes pending spans and unregisters the SDK; a later startTelemetry starts afresh. */
  shutdown(): Promise<void>;
}

type Instrumentations = NodeSDKConfiguration['instrumentations'];

let running: Telemetry | null = null;

/** Requests nobody wants traced: orchestrator probes and Prometheus scrapes, every few seconds. */
export const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

function defaultInstrumentations(): Instrumentations {
  return [
    new HttpInstrumentation({
      // The gateway's Fastify hooks give each request its one server span, named by its route,
      // under Jest too (where node:http cannot be patched). Patching the server as well only
      // added its own wrapping to every request: 0.5 ms of CPU per transfer went to tracing.
      disableIncomingRequestInstrumentation: true,
    }),
  ];
}

/**
 * The http instrumentation patches node:http when a require() of it runs through its hook. A
 * process that loaded node:http before startTelemetry (Nest, Fastify and kafkajs all do) would
 * never require it again, so require it once more here: the module object is shared, and patching
 * it (Server.prototype.emit included) reaches servers created earlier too.
 */
function patchLoadedHttpModules(): void {
  const load = createRequire(__filename);
  load('node:http');
  load('node:https');
}

function otlpEndpoint(): string | null {
  const settings = processObservabilitySettings();
  return (
    settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? settings.OTEL_EXPORTER_OTLP_ENDPOINT ?? null
  );
}

function spanProcessorFor(
  span_exporter: SpanExporter | undefined,
  otlp_endpoint: string | null,
): SpanProcessor {
  if (span_exporter) return new SimpleSpanProcessor({ exporter: span_exporter });
  // The exporter reads the endpoint (and headers, timeout) from the OTEL_EXPORTER_OTLP_* variables.
  // It is loaded only then: without an endpoint, no process pays for loading it at boot.
  if (otlp_endpoint) {
    const { OTLPTraceExporter } = createRequire(__filename)(
      '@opentelemetry/exporter-trace-otlp-http',
    ) as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  }
  return new NoopSpanProcessor();
}

/**
 * Spans that nothing exports are not recorded: each still has its trace and span ids (the logs,
 * the bus and stored events carry them), but no attributes, events or timings are kept, which
 * were a tenth of a transfer's CPU. A caller that sends a sampled trace context still gets its
 * spans recorded, as W3C asks.
 */
function samplerFor(span_processor: SpanProcessor): Sampler {
  const exported = !(span_processor instanceof NoopSpanProcessor);
  return new ParentBasedSampler({
    root: exported ? new AlwaysOnSampler() : new AlwaysOffSampler(),
  });
}

/**
 * Starts tracing for this process, once: a second call returns the running instance. Without
 * OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported, but a real tracer provider still runs so that
 * spans have trace and span ids that the logs carry (see samplerFor).
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (running) return running;
  const endpoint = otlpEndpoint();
  const span_processor = spanProcessorFor(options.span_exporter, endpoint);
  const instrumentations = (options.instrumentations ?? defaultInstrumentations()).flat();
  const sdk = new NodeSDK({
    serviceName: options.service_name,
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        'service.namespace': 'platform',
        'deployment.environment.name': options.environment,
      }),
    ),
    textMapPropagator: w3cPropagator,
    // The storage the platform's own context values use too: one AsyncLocalStorage per process.
    contextManager: processContextManager(),
    sampler: samplerFor(span_processor),
    // Metrics are Prometheus (prom-client) and logs are pino on stdout: the SDK does traces only.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations,
    spanProcessors: [span_processor],
  });
  sdk.start();
  if (instrumentations.length > 0) patchLoadedHttpModules();
  metricsRegistry().setDefaultLabels({ service: options.service_name });

  const handle: Telemetry = {
    service_name: options.service_name,
    otlp_endpoint: options.span_exporter ? null : endpoint,
    flush: () => span_processor.forceFlush(),
    shutdown: async () => {
      if (running !== handle) return;
      running = null;
      // The SDK's shutdown leaves patched modules patched; a restart would wrap them twice.
      for (const instrumentation of instrumentations) instrumentation.disable();
      await sdk.shutdown();
      // The API refuses a second global registration; clearing these lets a restart register again.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  running = handle;
  return handle;
}
