import { TraceFlags, trace, type SpanContext } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { extractTraceContext, startTelemetry, withSpan, type Telemetry } from './index';

const REAL_TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;
const CALLER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

const activeSpanContext = (): SpanContext | undefined => trace.getActiveSpan()?.spanContext();

describe('withSpan', () => {
  let telemetry: Telemetry | undefined;
  afterEach(async () => {
    await telemetry?.shutdown();
    telemetry = undefined;
  });

  /** Telemetry that exports every span to memory: every root span is sampled. */
  const exportingTelemetry = (service_name: string): InMemorySpanExporter => {
    const exporter = new InMemorySpanExporter();
    telemetry = startTelemetry({ service_name, environment: 'test', span_exporter: exporter });
    return exporter;
  };

  it('makes no span under an unsampled one: the work runs under its ids', async () => {
    // Without an endpoint nothing is sampled, as under `npm start`.
    telemetry = startTelemetry({ service_name: 'payouts', environment: 'test' });
    const { outer, handed, active } = await withSpan('create payout', {}, async (span) => ({
      outer: span.spanContext(),
      ...(await withSpan('place hold', {}, async (child) => ({
        handed: child.spanContext(),
        active: activeSpanContext(),
      }))),
    }));
    expect(outer.traceId).toMatch(REAL_TRACE_ID);
    expect(outer.traceFlags & TraceFlags.SAMPLED).toBe(0);
    expect(handed).toEqual(outer);
    expect(active).toEqual(outer);
  });

  it("runs the work in the context of an unsampled parent it is given, and keeps the work's error", async () => {
    telemetry = startTelemetry({ service_name: 'notifications', environment: 'test' });
    const parent = extractTraceContext({
      traceparent: `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-00`,
    });
    const seen = await withSpan('process events.payouts', {}, async () => activeSpanContext(), {
      parent,
    });
    expect(seen).toMatchObject({ traceId: CALLER_TRACE_ID, spanId: CALLER_SPAN_ID });
    const refused = new Error('refused');
    await expect(
      withSpan('process events.payouts', {}, () => Promise.reject(refused), { parent }),
    ).rejects.toBe(refused);
  });

  it('makes a child span of a sampled one, exported with its parent', async () => {
    const exporter = exportingTelemetry('payouts');
    const { outer, inner } = await withSpan('create payout', {}, async (span) => ({
      outer: span.spanContext(),
      inner: await withSpan('place hold', {}, async () => activeSpanContext()),
    }));
    expect(outer.traceFlags & TraceFlags.SAMPLED).toBe(TraceFlags.SAMPLED);
    expect(inner?.traceId).toBe(outer.traceId);
    expect(inner?.spanId).not.toBe(outer.spanId);
    await telemetry!.flush();
    const exported = exporter.getFinishedSpans();
    expect(exported.map((span) => span.name)).toEqual(['place hold', 'create payout']);
    expect(exported[0]?.parentSpanContext?.spanId).toBe(outer.spanId);
  });

  it('makes a child span of a sampled caller it is given', async () => {
    const exporter = exportingTelemetry('ledger');
    const parent = extractTraceContext({
      traceparent: `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01`,
    });
    const seen = await withSpan('place hold', {}, async () => activeSpanContext(), {
      parent,
    });
    expect(seen?.traceId).toBe(CALLER_TRACE_ID);
    expect(seen?.spanId).not.toBe(CALLER_SPAN_ID);
    await telemetry!.flush();
    expect(exporter.getFinishedSpans()[0]?.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
  });
});
