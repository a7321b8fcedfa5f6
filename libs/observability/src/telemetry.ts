import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK, resources, tracing, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import type { Environment } from '@platform/contracts';
import { metricsRegistry } from './metrics';
import { w3cPropagator } from './propagation';

/** `both` is the all-in-one process, which hosts the test and live deployments together. */
export type TelemetryEnvironment = Environment | 'both';

export interface TelemetryOptions {
  service_name: string;
  environment: TelemetryEnvironment;
  /** Auto-instrumentations (http, pg, kafkajs...) once their packages are installed. */
  instrumentations?: NodeSDKConfiguration['instrumentations'];
  /** Sends spans here, synchronously, instead of OTLP: tests pass an InMemorySpanExporter. */
  span_exporter?: tracing.SpanExporter;
}

export interface Telemetry {
  readonly service_name: string;
  /** The OTLP endpoint spans are exported to; null when spans only carry ids for the logs. */
  readonly otlp_endpoint: string | null;
  /** Flushes pending spans and unregisters the SDK; a later startTelemetry starts afresh. */
  shutdown(): Promise<void>;
}

let running: Telemetry | null = null;

function otlpEndpoint(env: NodeJS.ProcessEnv): string | null {
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint ? endpoint : null;
}

/**
 * Starts tracing for this process, once: a second call returns the running instance. Without
 * OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported, but a real tracer provider still runs so that
 * spans have trace and span ids that the logs carry.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (running) return running;
  const endpoint = otlpEndpoint(process.env);
  const export_config: Partial<NodeSDKConfiguration> = options.span_exporter
    ? { spanProcessors: [new tracing.SimpleSpanProcessor(options.span_exporter)] }
    : endpoint
      ? { traceExporter: new OTLPTraceExporter() }
      : { spanProcessors: [new tracing.NoopSpanProcessor()] };
  const sdk = new NodeSDK({
    serviceName: options.service_name,
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        'service.namespace': 'platform',
        'deployment.environment.name': options.environment,
      }),
    ),
    textMapPropagator: w3cPropagator,
    // Metrics are Prometheus (prom-client) and logs are pino on stdout: the SDK does traces only.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: options.instrumentations ?? [],
    ...export_config,
  });
  sdk.start();
  metricsRegistry().setDefaultLabels({ service: options.service_name });

  const handle: Telemetry = {
    service_name: options.service_name,
    otlp_endpoint: options.span_exporter ? null : endpoint,
    shutdown: async () => {
      if (running !== handle) return;
      running = null;
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
