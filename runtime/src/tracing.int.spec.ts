import { IDENTITY_COMMANDS } from '@platform/contracts';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTelemetry, type Telemetry } from '@platform/observability';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN as OPERATOR_TOKEN,
  type TestPlatform,
} from './test-platform';

/** A caller's W3C trace context, as an upstream proxy or client SDK would send it. */
function callerTraceContext(): { trace_id: string; span_id: string; traceparent: string } {
  const trace_id = randomBytes(16).toString('hex');
  const span_id = randomBytes(8).toString('hex');
  return { trace_id, span_id, traceparent: `00-${trace_id}-${span_id}-01` };
}

/** The spans from `span` up to the root of its trace, following parent ids, `span` first. */
function ancestry(span: ReadableSpan, spans: readonly ReadableSpan[]): ReadableSpan[] {
  const by_id = new Map(spans.map((candidate) => [candidate.spanContext().spanId, candidate]));
  const chain = [span];
  for (let parent_id = span.parentSpanContext?.spanId; parent_id !== undefined;) {
    const parent = by_id.get(parent_id);
    if (parent === undefined || chain.includes(parent)) break;
    chain.push(parent);
    parent_id = parent.parentSpanContext?.spanId;
  }
  return chain;
}

describe('one trace from the gateway through the bus into the services', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;
  let platform: TestPlatform;

  beforeAll(async () => {
    telemetry = startTelemetry({
      service_name: 'platform',
      environment: 'both',
      span_exporter: exporter,
    });
    platform = await startTestPlatform('trc');
  });

  afterAll(async () => {
    await platform?.dispose();
    await telemetry?.shutdown();
  });

  const createOrganization = (traceparent: string, slug: string) =>
    fetch(`${platform.environments.test.base_url}/admin/v1/organizations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        'content-type': 'application/json',
        traceparent,
      },
      body: JSON.stringify({ slug, name: `Org ${slug}` }),
    });

  /** Sends the headers, then the body only once the gateway has routed the request. */
  const createOrganizationSlowly = (traceparent: string, slug: string) =>
    new Promise<number>((resolve, reject) => {
      const sending = httpRequest(`${platform.environments.test.base_url}/admin/v1/organizations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${OPERATOR_TOKEN}`,
          'content-type': 'application/json',
          traceparent,
          'transfer-encoding': 'chunked',
        },
      });
      sending.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sending.on('error', reject);
      sending.flushHeaders();
      setTimeout(() => sending.end(JSON.stringify({ slug, name: `Org ${slug}` })), 200);
    });

  /** The exported spans of a trace, once `ready` holds for them (the server span ends after the response). */
  async function spansOf(
    trace_id: string,
    ready: (spans: ReadableSpan[]) => boolean,
  ): Promise<ReadableSpan[]> {
    for (let attempt = 0; ; attempt++) {
      await telemetry.flush();
      const spans = exporter
        .getFinishedSpans()
        .filter((span) => span.spanContext().traceId === trace_id);
      if (ready(spans) || attempt === 200) return spans;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const gatewaySpan = (spans: readonly ReadableSpan[]) =>
    spans.find(
      (span) => span.kind === SpanKind.SERVER && span.name === 'POST /admin/v1/organizations',
    );
  const commandSpan = (spans: readonly ReadableSpan[], kind: SpanKind) =>
    spans.find(
      (span) => span.kind === kind && span.name === IDENTITY_COMMANDS.create_organization.name,
    );

  it('continues the caller trace: gateway server span, bus client span, identity handler span', async () => {
    const caller = callerTraceContext();
    const response = await createOrganization(caller.traceparent, 'traced');
    expect(response.status).toBe(201);

    const spans = await spansOf(caller.trace_id, (found) => gatewaySpan(found) !== undefined);
    const gateway = gatewaySpan(spans);
    expect(gateway?.parentSpanContext?.spanId).toBe(caller.span_id);
    expect(gateway?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/admin/v1/organizations',
      'http.response.status_code': 201,
    });
    expect(gateway?.status.code).toBe(SpanStatusCode.UNSET);

    const handler = commandSpan(spans, SpanKind.SERVER);
    expect(handler?.attributes).toMatchObject({
      'messaging.destination.name': 'commands.identity',
      'messaging.operation.type': 'process',
    });
    expect(handler?.status.code).toBe(SpanStatusCode.UNSET);
    const chain = ancestry(handler!, spans);
    expect(chain).toContain(commandSpan(spans, SpanKind.CLIENT));
    expect(chain).toContain(gateway);
    // The chain ends at the gateway span, whose parent is the caller's (remote, not exported) span.
    expect(chain.at(-1)).toBe(gateway);
  });

  it('keeps the trace when the request body arrives after the headers', async () => {
    const caller = callerTraceContext();
    expect(await createOrganizationSlowly(caller.traceparent, 'streamed')).toBe(201);

    const spans = await spansOf(caller.trace_id, (found) => gatewaySpan(found) !== undefined);
    const handler = commandSpan(spans, SpanKind.SERVER);
    expect(handler).toBeDefined();
    expect(ancestry(handler!, spans)).toContain(gatewaySpan(spans));
  });

  it('continues the trace into the consumers of the domain event the command appended', async () => {
    const caller = callerTraceContext();
    const response = await createOrganization(caller.traceparent, 'announced');
    expect(response.status).toBe(201);

    // The event reaches the bus through the relay, after the commit: poll until it was consumed.
    const consumerSpan = (spans: readonly ReadableSpan[]) =>
      spans.find(
        (span) =>
          span.kind === SpanKind.CONSUMER &&
          span.name === 'process events.identity' &&
          span.attributes['messaging.consumer.group.name'] === 'notifications',
      );
    const spans = await spansOf(
      caller.trace_id,
      (found) => gatewaySpan(found) !== undefined && consumerSpan(found) !== undefined,
    );
    const consumer = consumerSpan(spans);
    expect(consumer?.spanContext().traceId).toBe(caller.trace_id);
    expect(consumer?.attributes).toMatchObject({
      'messaging.destination.name': 'events.identity',
      'messaging.operation.type': 'process',
    });
    expect(consumer?.status.code).toBe(SpanStatusCode.UNSET);
    // Through the identity handler that appended the event, up to the gateway's request.
    const chain = ancestry(consumer!, spans);
    expect(chain).toContain(commandSpan(spans, SpanKind.SERVER));
    expect(chain.at(-1)).toBe(gatewaySpan(spans));
  });

  it('marks the handler span failed when the command fails, and the 4xx gateway span not', async () => {
    const first = await createOrganization(callerTraceContext().traceparent, 'twice');
    expect(first.status).toBe(201);
    const caller = callerTraceContext();
    const duplicate = await createOrganization(caller.traceparent, 'twice');
    expect(duplicate.status).toBe(409);

    const spans = await spansOf(caller.trace_id, (found) => gatewaySpan(found) !== undefined);
    const handler = commandSpan(spans, SpanKind.SERVER);
    expect(handler?.status.code).toBe(SpanStatusCode.ERROR);
    expect(handler?.attributes['error.type']).toBe('duplicate');
    expect(ancestry(handler!, spans)).toContain(gatewaySpan(spans));
    expect(gatewaySpan(spans)?.attributes['http.response.status_code']).toBe(409);
    expect(gatewaySpan(spans)?.status.code).toBe(SpanStatusCode.UNSET);
  });
});
