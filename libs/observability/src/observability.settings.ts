import { z } from 'zod';

/**
 * Settings every process reads before anything else (the all-in-one runtime starts telemetry
 * before it loads Nest), so they are parsed here rather than by the runtime's settings machinery.
 */
export const observabilitySettings = z.object({
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('level of the pino JSON logs'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .meta({ unset: 'nothing is exported: spans only give the logs their trace ids' })
    .describe(
      'traces go to this OTLP/HTTP endpoint (the compose file runs a collector and Jaeger); the exporter reads the other `OTEL_EXPORTER_OTLP_*` variables itself',
    ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url()
    .optional()
    .meta({ unset: '`OTEL_EXPORTER_OTLP_ENDPOINT`' })
    .describe('the traces endpoint alone; wins over `OTEL_EXPORTER_OTLP_ENDPOINT`'),
});
export type ObservabilitySettings = z.output<typeof observabilitySettings>;

/** This process's observability settings; an empty value counts as not given. */
export function processObservabilitySettings(): ObservabilitySettings {
  const given = Object.fromEntries(
    Object.keys(observabilitySettings.shape).map((name) => [
      name,
      process.env[name]?.trim() || undefined,
    ]),
  );
  const parsed = observabilitySettings.safeParse(given);
  if (!parsed.success) throw new Error(`invalid configuration: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
