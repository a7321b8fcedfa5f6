import { ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { w3cPropagator } from '@platform/observability';
import type { DeliveredMessage } from './bus';
import { withHandlerSpan, withMessageContext } from './trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

function messageFrom(headers: Record<string, string>): DeliveredMessage {
  return { id: 'm-1', topic: 'commands.ledger', key: null, headers, payload: null, attempt: 1 };
}

describe('the trace context a message carries', () => {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  afterAll(() => context.disable());
  afterEach(() => jest.restoreAllMocks());

  it('is read from the headers once for the handler and the handler span', async () => {
    const extract = jest.spyOn(w3cPropagator, 'extract');
    const message = messageFrom({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` });
    const seen = await withMessageContext(message.headers, () =>
      withHandlerSpan({ kind: 'request', pattern: 'ledger.get_balance' }, message, async () =>
        trace.getSpanContext(context.active()),
      ),
    );
    // The handler span continues the caller's trace (without an SDK it keeps the caller's ids).
    expect(seen).toMatchObject({ traceId: TRACE_ID, spanId: CALLER_SPAN_ID });
    expect(extract).toHaveBeenCalledTimes(1);
  });

  it('is read from the headers when the span runs outside the transport context', async () => {
    const message = messageFrom({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` });
    const seen = await context.with(ROOT_CONTEXT, () =>
      withHandlerSpan({ kind: 'event', group: 'notifications' }, message, async () =>
        trace.getSpanContext(context.active()),
      ),
    );
    expect(seen?.traceId).toBe(TRACE_ID);
  });
});
