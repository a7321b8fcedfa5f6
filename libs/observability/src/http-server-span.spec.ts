import { Writable } from 'node:stream';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { RPCType, setRPCMetadata, type RPCMetadata } from '@opentelemetry/core';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import {
  createLogger,
  platformTracer,
  startTelemetry,
  traceHttpRequest,
  type IncomingHttpRequest,
  type Telemetry,
} from './index';

const CALLER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

function request(overrides: Partial<IncomingHttpRequest> = {}): IncomingHttpRequest {
  return {
    method: 'POST',
    path: '/v1/payouts/po_1/cancel',
    route: '/v1/payouts/:id/cancel',
    scheme: 'http',
    headers: {
      traceparent: `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01`,
      'user-agent': 'merchant-sdk/1.0',
    },
    client_address: '10.0.0.7',
    ...overrides,
  };
}

function logLines(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const lines = () =>
    text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('traceHttpRequest', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;
  beforeAll(() => {
    telemetry = startTelemetry({
      service_name: 'gateway',
      environment: 'test',
      span_exporter: exporter,
    });
  });
  afterEach(() => exporter.reset());
  afterAll(() => telemetry.shutdown());

  it('starts a server span continuing the caller trace, and log lines in it carry that trace', async () => {
    const memory = logLines();
    const logger = createLogger({
      service: 'gateway',
      environment: 'test',
      destination: memory.stream,
    });

    const traced = traceHttpRequest(request(), ROOT_CONTEXT);
    context.with(traced.context, () => logger.info('cancelling payout'));
    traced.finish(202);
    await telemetry.flush();

    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST /v1/payouts/:id/cancel');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.spanContext().traceId).toBe(CALLER_TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(span?.parentSpanContext?.isRemote).toBe(true);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v1/payouts/:id/cancel',
      'url.path': '/v1/payouts/po_1/cancel',
      'url.scheme': 'http',
      'user_agent.original': 'merchant-sdk/1.0',
      'client.address': '10.0.0.7',
      'http.response.status_code': 202,
    });
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(memory.lines()[0]).toMatchObject({
      msg: 'cancelling payout',
      trace_id: CALLER_TRACE_ID,
      span_id: span?.spanContext().spanId,
    });
  });

  it('marks a 5xx failed but not a 4xx, and ends a span once', async () => {
    const refused = traceHttpRequest(request(), ROOT_CONTEXT);
    refused.finish(409);
    const crashed = traceHttpRequest(request(), ROOT_CONTEXT);
    crashed.finish(503);
    crashed.finish(200);
    crashed.abort();
    await telemetry.flush();

    const statuses = exporter.getFinishedSpans().map((span) => span.status.code);
    expect(statuses).toEqual([SpanStatusCode.UNSET, SpanStatusCode.ERROR]);
  });

  it('names an unrouted request by its method alone and starts a new trace without traceparent', async () => {
    const traced = traceHttpRequest(request({ route: undefined, headers: {} }), ROOT_CONTEXT);
    traced.abort();
    await telemetry.flush();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST');
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.attributes).not.toHaveProperty('http.route');
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('leaves the span of the node:http instrumentation in charge, telling it the route', async () => {
    const instrumentation_span = platformTracer().startSpan('POST', { kind: SpanKind.SERVER });
    const metadata: RPCMetadata = { type: RPCType.HTTP, span: instrumentation_span };
    const active = setRPCMetadata(trace.setSpan(ROOT_CONTEXT, instrumentation_span), metadata);

    const traced = traceHttpRequest(request(), active);
    traced.finish(500);
    await telemetry.flush();

    expect(traced.context).toBe(active);
    expect(metadata.route).toBe('/v1/payouts/:id/cancel');
    expect(exporter.getFinishedSpans()).toEqual([]);
    instrumentation_span.end();
  });
});
