import { ApiError } from './errors';
import { parseEventStream, streamEvents, type StreamedEvent } from './event-stream';

async function* chunksOf(...chunks: string[]): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for (const chunk of chunks) yield encoder.encode(chunk);
}

async function collect<T>(iterable: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) {
    items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}

const event = (id: string, type = 'transfer_received') =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, data: { amount: '1.00' } })}\n\n`;

const streamOf = (body: string) => new Response(body, { status: 200 });

describe('SSE parsing', () => {
  it('reads frames however they are cut, skipping comments', async () => {
    const text = `: connected\n\n${event('evt_1')}: heartbeat\n\n${event('evt_2', 'payout_status_changed')}`;
    const whole = await collect(parseEventStream(chunksOf(text)));
    const byte_by_byte = await collect(parseEventStream(chunksOf(...text.split(''))));
    expect(whole.map((message) => [message.id, message.event])).toEqual([
      ['evt_1', 'transfer_received'],
      ['evt_2', 'payout_status_changed'],
    ]);
    expect(byte_by_byte).toEqual(whole);
  });

  it('joins multi-line data, keeps a snapshot frame without id, reports retry', async () => {
    const retries: number[] = [];
    const messages = await collect(
      parseEventStream(
        chunksOf('retry: 2500\n\nevent: snapshot\ndata: {"balances":\ndata: []}\n\n'),
        (retry_ms) => retries.push(retry_ms),
      ),
    );
    expect(messages).toEqual([{ id: undefined, event: 'snapshot', data: '{"balances":\n[]}' }]);
    expect(retries).toEqual([2500]);
  });

  it('does not hand over a frame cut before its blank line', async () => {
    expect(await collect(parseEventStream(chunksOf('id: evt_1\nevent: x\ndata: {}\n')))).toEqual(
      [],
    );
  });
});

describe('event stream with reconnection', () => {
  it('reconnects after the stream ends with Last-Event-ID of the last event seen', async () => {
    const opened: (string | null)[] = [];
    const bodies = [
      `: connected\n\nevent: snapshot\ndata: {"balances":[]}\n\n${event('evt_1')}${event('evt_2')}`,
      `: connected\n\n${event('evt_3')}`,
    ];
    const events = await collect(
      streamEvents(
        async (last_event_id) => {
          opened.push(last_event_id);
          return streamOf(bodies.shift() ?? '');
        },
        { reconnect_delay_ms: 0 },
      ),
      4,
    );
    expect(opened).toEqual([null, 'evt_2']);
    expect(events.map((each: StreamedEvent) => [each.event, each.id])).toEqual([
      ['snapshot', null],
      ['transfer_received', 'evt_1'],
      ['transfer_received', 'evt_2'],
      ['transfer_received', 'evt_3'],
    ]);
    expect(events[1]!.data).toEqual({
      id: 'evt_1',
      type: 'transfer_received',
      data: { amount: '1.00' },
    });
  });

  it('starts after the given last_event_id and resumes after a broken connection', async () => {
    const opened: (string | null)[] = [];
    let attempt = 0;
    const broken = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(event('evt_8')));
          },
          pull(controller) {
            controller.error(new Error('socket hang up')); // once the first frame was read
          },
        }),
      );
    const events = await collect(
      streamEvents(
        async (last_event_id) => {
          opened.push(last_event_id);
          attempt += 1;
          if (attempt === 2) throw new TypeError('fetch failed');
          return attempt === 1 ? broken() : streamOf(event('evt_9'));
        },
        { last_event_id: 'evt_7', reconnect_delay_ms: 0 },
      ),
      2,
    );
    expect(events.map((each) => each.id)).toEqual(['evt_8', 'evt_9']);
    expect(opened).toEqual(['evt_7', 'evt_8', 'evt_8']);
  });

  it('ends with the ApiError of an error answer, without reconnecting', async () => {
    let opened = 0;
    const refusal = new ApiError(401, 'unauthorized', 'credentials required', 'req_1');
    const iteration = collect(
      streamEvents(
        async () => {
          opened += 1;
          throw refusal;
        },
        { reconnect_delay_ms: 0 },
      ),
    );
    await expect(iteration).rejects.toBe(refusal);
    expect(opened).toBe(1);
  });

  it('gives up after max_reconnects failed connections in a row', async () => {
    let opened = 0;
    const iteration = collect(
      streamEvents(
        async () => {
          opened += 1;
          throw new TypeError('fetch failed');
        },
        { reconnect_delay_ms: 0, max_reconnects: 2 },
      ),
    );
    await expect(iteration).rejects.toThrow('fetch failed');
    expect(opened).toBe(3);
  });

  it('ends quietly when its signal is aborted', async () => {
    const controller = new AbortController();
    const seen: StreamedEvent[] = [];
    for await (const each of streamEvents(async () => streamOf(event('evt_1')), {
      signal: controller.signal,
      reconnect_delay_ms: 0,
    })) {
      seen.push(each);
      controller.abort();
    }
    expect(seen.map((each) => each.id)).toEqual(['evt_1']);
  });
});
