import { kafkajsRequestQueueClass, stopIdleRequestQueueTimers } from './request-queue-timer';

/** kafkajs's queue for one broker connection, as its `Connection` makes it. */
function requestQueue(max_in_flight = 1) {
  const RequestQueue = kafkajsRequestQueueClass() as unknown as new (options: object) => {
    push(request: object): void;
    fulfillRequest(response: { correlationId: number; payload: null; size: number }): void;
    checkPendingRequests(): void;
    maybeThrottle(throttle_ms: number): void;
    destroy(): void;
    pending: unknown[];
  };
  const quiet = () => undefined;
  return new RequestQueue({
    maxInFlightRequests: max_in_flight,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'request-queue-spec',
    broker: '127.0.0.1:9092',
    logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
}

/** A request the queue sends by calling `sendRequest`; `sent` lists the correlation ids. */
function requestOf(correlation_id: number, sent: number[]) {
  return {
    entry: {
      correlationId: correlation_id,
      apiKey: 0,
      apiName: 'Produce',
      apiVersion: 0,
      resolve: () => undefined,
      reject: () => undefined,
    },
    expectResponse: true,
    sendRequest: () => sent.push(correlation_id),
  };
}

describe('kafkajs request queue timers', () => {
  beforeAll(() => stopIdleRequestQueueTimers());
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('leaves no timer behind on a connection with nothing waiting', () => {
    const queue = requestQueue();
    const sent: number[] = [];
    queue.push(requestOf(1, sent));
    queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    queue.checkPendingRequests();
    // kafkajs 2.2.4 re-arms a check here with a negative delay: one more timer, every millisecond.
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(50);
    expect(jest.getTimerCount()).toBe(0);
    expect(sent).toEqual([1]);
  });

  it('sends a request that waited on one in flight as soon as that one is answered', () => {
    const queue = requestQueue(1);
    const sent: number[] = [];
    queue.push(requestOf(1, sent));
    queue.push(requestOf(2, sent));
    expect(sent).toEqual([1]);
    queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1, 2]);
    queue.fulfillRequest({ correlationId: 2, payload: null, size: 0 });
    jest.advanceTimersByTime(50);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('holds requests while the broker throttles, and sends them when the throttle ends', () => {
    const queue = requestQueue(10);
    const sent: number[] = [];
    queue.maybeThrottle(200);
    queue.push(requestOf(1, sent));
    queue.push(requestOf(2, sent));
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(150);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(60);
    expect(sent).toEqual([1, 2]);
    expect(queue.pending).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('checks again when a throttle is so short that it ended before the check was planned', () => {
    const queue = requestQueue(10);
    const sent: number[] = [];
    queue.maybeThrottle(1);
    queue.push(requestOf(1, sent));
    jest.advanceTimersByTime(10);
    expect(sent).toEqual([1]);
  });
});
