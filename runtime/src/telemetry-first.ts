import { startTelemetry } from '@platform/observability';

// Imported first by the all-in-one entry point, so the HTTP instrumentation is in place before
// Nest, Fastify or node:http are loaded by anything else. Exports over OTLP when
// OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise spans only give logs their trace ids.
export const telemetry = startTelemetry({ service_name: 'platform', environment: 'both' });
