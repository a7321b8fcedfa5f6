import type { AppendOutcome, BatchedAppend } from './append';
import { AppendBatcher, type AppendBatcherLimits, type BatchWriter } from './append-batcher';

// The batcher is driven by a writer that records each batch it is handed and finishes it only
// when the test says, so "in flight" is a state the test holds, not a timing.

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** One batch handed to the writer: its parts' streams, and the switch that finishes it. */
interface WrittenBatch {
  streams: string[][];
  parts: readonly BatchedAppend[];
  finish: Deferred<(AppendOutcome | null)[]>;
}

/** A writer that records batches and leaves each in flight until finished. */
function recordingWriter(): { write: BatchWriter; batches: WrittenBatch[] } {
  const batches: WrittenBatch[] = [];
  const write: BatchWriter = (batch) => {
    const finish = deferred<(AppendOutcome | null)[]>();
    batches.push({
      streams: batch.map((part) => part.appends.map((append) => append.stream)),
      parts: batch,
      finish,
    });
    return finish.promise;
  };
  return { write, batches };
}

/** A part appending one event to each of the given streams. */
function partOn(...streams: string[]): BatchedAppend {
  return {
    appends: streams.map((stream) => ({
      stream,
      expected_version: 'any' as const,
      events: [{ type: 'test.happened', data: { stream } }],
    })),
    trace_context: null,
  };
}

/** An outcome that names its part, so a test can see which part got which outcome. */
function outcomeFor(part: BatchedAppend, next_version: number): AppendOutcome {
  return {
    results: part.appends.map(() => ({ next_version, positions: [String(next_version)] })),
    heads: new Map(
      part.appends.map(({ stream }) => [stream, { version: next_version, last_hash: stream }]),
    ),
  };
}

/** Finishes a batch with a successful outcome per part, versions counted from `first_version`. */
function succeed(batch: WrittenBatch, first_version = 1): void {
  batch.finish.resolve(batch.parts.map((part, index) => outcomeFor(part, first_version + index)));
}

/** Lets every settled promise and the batcher's follow-up (the next batch) run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function batcherWith(limits: Partial<AppendBatcherLimits> = {}): {
  batcher: AppendBatcher;
  batches: WrittenBatch[];
} {
  const { write, batches } = recordingWriter();
  const batcher = new AppendBatcher(write, { max_in_flight: 1, max_streams: 64, ...limits });
  return { batcher, batches };
}

describe('AppendBatcher', () => {
  it('writes a submit to an idle batcher at once, alone', async () => {
    const { batcher, batches } = batcherWith();
    const submitted = batcher.submit(partOn('a'));

    expect(batches.map((batch) => batch.streams)).toEqual([[['a']]]);
    succeed(batches[0]!, 7);
    await expect(submitted).resolves.toMatchObject({ results: [{ next_version: 7 }] });
  });

  it('writes the submits made while a batch is in flight together, in the next batch', async () => {
    const { batcher, batches } = batcherWith();
    const first = batcher.submit(partOn('a'));
    const second = batcher.submit(partOn('b'));
    const third = batcher.submit(partOn('c', 'd'));
    await settle();
    expect(batches).toHaveLength(1);

    succeed(batches[0]!);
    await settle();
    expect(batches.map((batch) => batch.streams)).toEqual([[['a']], [['b'], ['c', 'd']]]);
    succeed(batches[1]!, 10);
    await expect(first).resolves.toMatchObject({ results: [{ next_version: 1 }] });
    // Each part gets its own outcome, in the order the parts were given.
    await expect(second).resolves.toMatchObject({ results: [{ next_version: 10 }] });
    await expect(third).resolves.toMatchObject({
      results: [{ next_version: 11 }, { next_version: 11 }],
    });
  });

  it('never puts two parts on one stream in a batch, and keeps their arrival order', async () => {
    const { batcher, batches } = batcherWith();
    const outcomes: string[] = [];
    const track = (name: string, submitted: Promise<AppendOutcome | null>): Promise<void> =>
      submitted.then(() => void outcomes.push(name));
    const in_flight = track('in flight', batcher.submit(partOn('x')));
    const earlier = track('earlier on s', batcher.submit(partOn('s')));
    const later = track('later on s', batcher.submit(partOn('s', 't')));
    const other = track('other', batcher.submit(partOn('u')));
    await settle();

    succeed(batches[0]!);
    await settle();
    // The later part on s stays behind; one on other streams goes on with the earlier part.
    expect(batches[1]!.streams).toEqual([['s'], ['u']]);
    succeed(batches[1]!);
    await settle();
    expect(batches[2]!.streams).toEqual([['s', 't']]);
    succeed(batches[2]!);
    await Promise.all([in_flight, earlier, later, other]);
    expect(outcomes).toEqual(['in flight', 'earlier on s', 'other', 'later on s']);
  });

  it('holds a part whose stream is in flight even while another batch could start', async () => {
    const { batcher, batches } = batcherWith({ max_in_flight: 2 });
    void batcher.submit(partOn('s'));
    const second_on_s = batcher.submit(partOn('s'));
    void batcher.submit(partOn('t'));
    await settle();
    // A free slot takes t, not the second append to s, which waits for the first to finish.
    expect(batches.map((batch) => batch.streams)).toEqual([[['s']], [['t']]]);

    succeed(batches[1]!);
    await settle();
    expect(batches).toHaveLength(2);
    succeed(batches[0]!);
    await settle();
    expect(batches[2]!.streams).toEqual([['s']]);
    succeed(batches[2]!, 2);
    await expect(second_on_s).resolves.toMatchObject({ results: [{ next_version: 2 }] });
  });

  it('splits the waiting parts into batches of at most max_streams streams', async () => {
    const { batcher, batches } = batcherWith({ max_streams: 3 });
    void batcher.submit(partOn('busy'));
    void batcher.submit(partOn('a', 'b'));
    void batcher.submit(partOn('c'));
    void batcher.submit(partOn('d'));
    void batcher.submit(partOn('e', 'f', 'g', 'h'));
    await settle();

    succeed(batches[0]!);
    await settle();
    expect(batches[1]!.streams).toEqual([['a', 'b'], ['c']]);
    succeed(batches[1]!);
    await settle();
    expect(batches[2]!.streams).toEqual([['d']]);
    succeed(batches[2]!);
    await settle();
    // A part larger than the limit is still written, alone.
    expect(batches[3]!.streams).toEqual([['e', 'f', 'g', 'h']]);
    succeed(batches[3]!);
    await settle();
    expect(batches).toHaveLength(4);
  });

  it('writes up to max_in_flight batches at once', async () => {
    const { batcher, batches } = batcherWith({ max_in_flight: 2 });
    void batcher.submit(partOn('a'));
    void batcher.submit(partOn('b'));
    void batcher.submit(partOn('c'));
    void batcher.submit(partOn('d'));
    await settle();
    expect(batches.map((batch) => batch.streams)).toEqual([[['a']], [['b']]]);

    // Either batch ending frees a slot for the waiting ones, the other still in flight.
    succeed(batches[1]!);
    await settle();
    expect(batches.map((batch) => batch.streams)).toEqual([[['a']], [['b']], [['c'], ['d']]]);
  });

  it('settles with null a part the writer leaves to append alone, the others with theirs', async () => {
    const { batcher, batches } = batcherWith();
    void batcher.submit(partOn('busy'));
    const kept = batcher.submit(partOn('a'));
    const left = batcher.submit(partOn('b'));
    await settle();
    succeed(batches[0]!);
    await settle();

    const [kept_part] = batches[1]!.parts;
    batches[1]!.finish.resolve([outcomeFor(kept_part!, 4), null]);
    await expect(kept).resolves.toMatchObject({ results: [{ next_version: 4 }] });
    await expect(left).resolves.toBeNull();
  });

  it('rejects a single-part batch with the error the writer threw', async () => {
    const { batcher, batches } = batcherWith();
    const alone = batcher.submit(partOn('a'));
    const failure = new Error('the statement failed');
    batches[0]!.finish.reject(failure);

    await expect(alone).rejects.toBe(failure);
  });

  it('settles every part of a failed multi-part batch with null, then writes on', async () => {
    const { batcher, batches } = batcherWith();
    void batcher.submit(partOn('busy'));
    const first = batcher.submit(partOn('a'));
    const second = batcher.submit(partOn('b'));
    await settle();
    succeed(batches[0]!);
    await settle();

    // Which part caused it is not known: each will retry on its own and meet its own error.
    batches[1]!.finish.reject(new Error('duplicate key'));
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBeNull();
    const after = batcher.submit(partOn('a'));
    expect(batches[2]!.streams).toEqual([['a']]);
    succeed(batches[2]!, 2);
    await expect(after).resolves.toMatchObject({ results: [{ next_version: 2 }] });
  });
});
