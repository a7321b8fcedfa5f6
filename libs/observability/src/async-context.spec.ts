import { context, createContextKey, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { activeContext, startTelemetry, withContext, withSpan } from './index';

const REQUEST_MARK = createContextKey('test.request_mark');

/** The mark `work` sees after an await, when it runs with `mark` set in the process's context. */
function markSeenAfterAwait(mark: string, read: () => unknown): Promise<unknown> {
  return withContext(activeContext().setValue(REQUEST_MARK, mark), async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return read();
  });
}

describe("the process's async context", () => {
  it('is the one tracing uses: its values and the active span travel together', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = startTelemetry({
      service_name: 'ledger',
      environment: 'test',
      instrumentations: [],
      span_exporter: exporter,
    });
    try {
      // Set here, read through OpenTelemetry's API: one storage, not two.
      expect(await markSeenAfterAwait('a', () => context.active().getValue(REQUEST_MARK))).toBe(
        'a',
      );
      // A span started inside keeps the value; the value's context holds the span.
      const seen = await markSeenAfterAwait('b', () =>
        withSpan('append', {}, async (span) => ({
          mark: activeContext().getValue(REQUEST_MARK),
          active_span: trace.getSpan(activeContext())?.spanContext().spanId,
          span: span.spanContext().spanId,
        })),
      );
      expect(seen).toMatchObject({ mark: 'b' });
      expect((seen as { active_span: string }).active_span).toBe((seen as { span: string }).span);
      await telemetry.flush();
      expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['append']);
    } finally {
      await telemetry.shutdown();
    }
  });

  it('keeps its values with tracing off, and apart between concurrent callers', async () => {
    const [first, second] = await Promise.all([
      markSeenAfterAwait('first', () => activeContext().getValue(REQUEST_MARK)),
      markSeenAfterAwait('second', () => activeContext().getValue(REQUEST_MARK)),
    ]);
    expect([first, second]).toEqual(['first', 'second']);
    expect(activeContext().getValue(REQUEST_MARK)).toBeUndefined();
  });
});
