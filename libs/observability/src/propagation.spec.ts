import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import {
  extractTraceContext,
  injectTraceHeaders,
  startTelemetry,
  withSpan,
  type Telemetry,
} from './index';

describe('trace context through bus headers', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;
  beforeAll(() => {
    telemetry = startTelemetry({
      service_name: 'payouts',
      environment: 'test',
      span_exporter: exporter,
    });
  });
  afterEach(() => exporter.reset());
  afterAll(() => telemetry.shutdown());

  it('startTelemetry is idempotent', () => {
    expect(startTelemetry({ service_name: 'other', environment: 'live' })).toBe(telemetry);
  });

  it('inject then extract round-trips the trace id and parents the consumer span', async () => {
    const { headers, producer } = await withSpan(
      'publish ledger.funds_debited',
      {},
      (span) => ({
        headers: injectTraceHeaders({ 'content-type': 'application/json' }),
        producer: span.spanContext(),
      }),
      { kind: SpanKind.PRODUCER },
    );
    expect(headers['content-type']).toBe('application/json');
    expect(headers.traceparent).toBe(`00-${producer.traceId}-${producer.spanId}-01`);

    // kafkajs delivers header values as Buffers.
    const delivered = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, Buffer.from(v)]),
    );
    const parent = extractTraceContext(delivered);
    expect(trace.getSpanContext(parent)?.traceId).toBe(producer.traceId);

    const consumer = await withSpan(
      'handle ledger.funds_debited',
      {},
      (span) => span.spanContext(),
      {
        kind: SpanKind.CONSUMER,
        parent,
      },
    );
    expect(consumer.traceId).toBe(producer.traceId);
    expect(consumer.spanId).not.toBe(producer.spanId);
    await telemetry.flush();
    const finished = exporter
      .getFinishedSpans()
      .find((span) => span.name === 'handle ledger.funds_debited');
    expect(finished?.parentSpanContext?.spanId).toBe(producer.spanId);
  });

  it('extracts an empty context from headers without trace context', () => {
    expect(
      trace.getSpanContext(extractTraceContext({ 'content-type': 'application/json' })),
    ).toBeUndefined();
    expect(trace.getSpanContext(extractTraceContext(undefined))).toBeUndefined();
  });

  it('withSpan records a thrown error on the span and rethrows it', async () => {
    const failure = Object.assign(new Error('balance too low'), { code: 'insufficient_funds' });
    await expect(
      withSpan('ledger.debit', { 'ledger.asset': 'USD' }, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    await telemetry.flush();
    const [span] = exporter.getFinishedSpans();
    expect(span.name).toBe('ledger.debit');
    expect(span.attributes['ledger.asset']).toBe('USD');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'balance too low' });
    expect(span.attributes['error.type']).toBe('insufficient_funds');
    expect(span.events.map((event) => event.name)).toContain('exception');
  });
});
