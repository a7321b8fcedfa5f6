import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { activeTraceIds, startTelemetry, withSpan, type Telemetry } from '@platform/observability';
import { createPool, OwnStatementMissedRowError, type OwnStatement } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import {
  DuplicateEventIdError,
  PgEventStore,
  WrongExpectedVersionError,
  type AppendResult,
  type NewEvent,
} from './index';

// Group commit: appends to streams whose heads the store remembers, made while a batch is being
// written, go together in the next one, one statement and one transaction. The events table
// stamps each row with its transaction id, which shows which appends shared a commit.
const SCHEMA = 'batched_events';
/** Rows an appender writes beside its events, stamped with their transaction. */
const NOTES = 'batched_events_notes';

function credited(amount: string, extra: Partial<NewEvent> = {}): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' }, ...extra };
}

interface StoredEvent {
  stream: string;
  stream_version: number;
  position: string;
  transaction_id: string;
}

describe('PgEventStore group commit', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  const stream = (prefix = 'account'): string => `${prefix}-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('evbatch');
    pool = createPool({ url: db.url, max_connections: 20 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
    await pool.query(
      `create table if not exists ${NOTES} (stream text primary key, note text not null,
         transaction_id xid8 not null default pg_current_xact_id())`,
    );
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  async function storedEvents(streams: readonly string[]): Promise<StoredEvent[]> {
    const { rows } = await pool.query<StoredEvent>(
      `select stream, stream_version, position::text, transaction_id::text
         from ${SCHEMA}.events where stream = any($1) order by position`,
      [streams],
    );
    return rows;
  }

  /** The rows appenders wrote beside their events, by stream. */
  async function notes(streams: readonly string[]) {
    const { rows } = await pool.query<{ stream: string; note: string; transaction_id: string }>(
      `select stream, note, transaction_id::text from ${NOTES} where stream = any($1)`,
      [streams],
    );
    return new Map(rows.map((row) => [row.stream, row]));
  }

  /** Streams with one event each, appended by `by`, which therefore remembers their heads. */
  async function opened(count: number, by: PgEventStore = store): Promise<string[]> {
    const names = Array.from({ length: count }, () => stream());
    await Promise.all(
      names.map((name) => by.append(name, [credited('1')], { expected_version: 'no_stream' })),
    );
    return names;
  }

  async function expectValidChains(streams: readonly string[]): Promise<void> {
    const verifications = await Promise.all(streams.map((name) => store.verifyStream(name)));
    expect(verifications.filter((verification) => !verification.valid)).toEqual([]);
  }

  it('commits concurrent appends to remembered streams together, each all or nothing', async () => {
    const append_count = 40;
    const pairs = Array.from({ length: append_count }, () => [stream('debit'), stream('credit')]);
    await Promise.all(
      pairs.flat().map((name) => store.append(name, [credited('0')], { expected_version: 0 })),
    );

    const results = await Promise.all(
      pairs.map(([debit, credit]) =>
        store.appendMany([
          { stream: debit!, expected_version: 1, events: [credited('-1'), credited('-2')] },
          { stream: credit!, expected_version: 1, events: [credited('3')] },
        ]),
      ),
    );

    expect(results.map((result) => result.map(({ next_version }) => next_version))).toEqual(
      pairs.map(() => [3, 2]),
    );
    const stored = await storedEvents(pairs.flat());
    const position_of = new Map(
      stored.map((event) => [`${event.stream}/${event.stream_version}`, event.position]),
    );
    pairs.forEach(([debit, credit], index) => {
      const [debit_result, credit_result] = results[index]!;
      expect(debit_result!.positions).toEqual([
        position_of.get(`${debit}/2`),
        position_of.get(`${debit}/3`),
      ]);
      expect(credit_result!.positions).toEqual([position_of.get(`${credit}/2`)]);
    });
    const all_positions = results.flat().flatMap((result) => result.positions);
    expect(new Set(all_positions).size).toBe(append_count * 3);
    await expectValidChains(pairs.flat());

    const appended = stored.filter((event) => event.stream_version > 1);
    const transaction_of = new Map(appended.map((event) => [event.stream, event.transaction_id]));
    // Fewer commits than appends: the ones that waited were written together.
    expect(new Set(transaction_of.values()).size).toBeLessThan(append_count);
    // Each append's events (both streams) are in one commit.
    const split_appends = pairs.filter(([debit, credit]) => {
      const debit_transactions = appended
        .filter((event) => event.stream === debit)
        .map((event) => event.transaction_id);
      return new Set([...debit_transactions, transaction_of.get(credit!)]).size !== 1;
    });
    expect(split_appends).toEqual([]);
  });

  /**
   * Of streams at version 1, `left_out` kept its one event and `others` got a second; its head is
   * not left ahead of what was stored, so its next append chains.
   */
  async function expectLeftOut(left_out: string, busy: string, others: readonly string[]) {
    const versions = new Map(
      (await storedEvents([left_out, ...others])).map((event) => [
        event.stream,
        event.stream_version,
      ]),
    );
    expect(versions.get(left_out)).toBe(1);
    for (const name of others) expect(versions.get(name)).toBe(2);
    await store.append(left_out, [credited('3')], { expected_version: 1 });
    await expectValidChains([busy, left_out, ...others]);
  }

  /** Appends, concurrently and in this order, so all but the first wait for the same batch. */
  function appendedTogether(
    appends: readonly {
      stream: string;
      expected_version: number | 'any' | 'no_stream';
      events: NewEvent[];
    }[],
  ): Promise<PromiseSettledResult<AppendResult>[]> {
    return Promise.allSettled(
      appends.map(({ stream: name, expected_version, events }) =>
        store.append(name, events, { expected_version }),
      ),
    );
  }

  it('rejects only the append whose remembered head another store had moved', async () => {
    const [busy, moved, ...others] = await opened(5);
    const elsewhere = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await elsewhere.append(moved!, [credited('elsewhere')], { expected_version: 1 });

    const [busy_outcome, moved_outcome, ...other_outcomes] = await appendedTogether([
      { stream: busy!, expected_version: 1, events: [credited('2')] },
      { stream: moved!, expected_version: 1, events: [credited('2')] },
      ...others.map((name) => ({ stream: name, expected_version: 1, events: [credited('2')] })),
    ]);

    expect(moved_outcome).toMatchObject({ status: 'rejected' });
    const error = (moved_outcome as PromiseRejectedResult).reason as unknown;
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ stream: moved, expected: 1, actual: 2 });
    expect([busy_outcome, ...other_outcomes]).toEqual(
      [busy, ...others].map(() => ({
        status: 'fulfilled',
        value: { next_version: 2, positions: [expect.any(String)] },
      })),
    );
    expect(await store.streamVersion(moved!)).toBe(2);
    await expectValidChains([busy!, moved!, ...others]);
  });

  describe('appends that start new streams (no_stream)', () => {
    it('are committed together, each stream created with its events', async () => {
      const [busy] = await opened(1);
      const fresh = Array.from({ length: 12 }, () => stream('payout'));

      const outcomes = await appendedTogether([
        { stream: busy!, expected_version: 1, events: [credited('2')] },
        ...fresh.map((name) => ({
          stream: name,
          expected_version: 'no_stream' as const,
          events: [credited('1'), credited('2')],
        })),
      ]);

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const stored = await storedEvents(fresh);
      expect(stored).toHaveLength(fresh.length * 2);
      // The ones that waited for the first were written together: fewer commits than appends.
      expect(new Set(stored.map((event) => event.transaction_id)).size).toBeLessThan(fresh.length);
      await expectValidChains(fresh);
      // Their heads are remembered: the next appends chain from them.
      await Promise.all(
        fresh.map((name) => store.append(name, [credited('3')], { expected_version: 2 })),
      );
      await expectValidChains(fresh);
    });

    it('reject only the one whose stream another store started, and leave no head behind', async () => {
      const [busy] = await opened(1);
      const started = stream('payout');
      const elsewhere = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
      await elsewhere.append(started, [credited('elsewhere')], { expected_version: 'no_stream' });
      const fresh = Array.from({ length: 6 }, () => stream('payout'));

      const [, started_outcome, ...fresh_outcomes] = await appendedTogether([
        { stream: busy!, expected_version: 1, events: [credited('2')] },
        { stream: started, expected_version: 'no_stream', events: [credited('mine')] },
        ...fresh.map((name) => ({
          stream: name,
          expected_version: 'no_stream' as const,
          events: [credited('1')],
        })),
      ]);

      expect(started_outcome).toMatchObject({ status: 'rejected' });
      expect((started_outcome as PromiseRejectedResult).reason).toBeInstanceOf(
        WrongExpectedVersionError,
      );
      // Had the failed batch kept the heads it created, these would find them and be refused.
      expect(fresh_outcomes).toEqual(
        fresh.map(() => ({
          status: 'fulfilled',
          value: { next_version: 1, positions: [expect.any(String)] },
        })),
      );
      expect(await store.streamVersion(started)).toBe(1);
      expect((await storedEvents([started])).map((event) => event.stream_version)).toEqual([1]);
      await expectValidChains([started, ...fresh]);
    });
  });

  it("chains an 'any' append after a head another store had moved", async () => {
    const [busy, moved, ...others] = await opened(4);
    const elsewhere = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await elsewhere.append(moved!, [credited('elsewhere')], { expected_version: 1 });

    const outcomes = await appendedTogether([
      { stream: busy!, expected_version: 1, events: [credited('2')] },
      { stream: moved!, expected_version: 'any', events: [credited('3')] },
      ...others.map((name) => ({ stream: name, expected_version: 1, events: [credited('2')] })),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => 'fulfilled'));
    expect((outcomes[1] as PromiseFulfilledResult<AppendResult>).value.next_version).toBe(3);
    const amounts = (await store.readStream(moved!)).map(
      (event) => (event.data as { amount: string }).amount,
    );
    expect(amounts).toEqual(['1', 'elsewhere', '3']);
    await expectValidChains([busy!, moved!, ...others]);
  });

  it('rejects an append whose expected version its remembered head does not meet', async () => {
    const [busy, mistaken, other] = await opened(3);

    const [, mistaken_outcome, other_outcome] = await appendedTogether([
      { stream: busy!, expected_version: 1, events: [credited('2')] },
      { stream: mistaken!, expected_version: 4, events: [credited('2')] },
      { stream: other!, expected_version: 1, events: [credited('2')] },
    ]);

    expect(mistaken_outcome).toMatchObject({ status: 'rejected' });
    expect((mistaken_outcome as PromiseRejectedResult).reason).toMatchObject({
      name: 'WrongExpectedVersionError',
      stream: mistaken,
      expected: 4,
      actual: 1,
    });
    expect(other_outcome).toMatchObject({ status: 'fulfilled', value: { next_version: 2 } });
    expect(await store.streamVersion(mistaken!)).toBe(1);
  });

  it('rejects only the append carrying an event_id already stored', async () => {
    const [busy, duplicated, ...others] = await opened(5);
    const stored_event_id = (await store.readStream(busy!))[0]!.event_id;

    const [busy_outcome, duplicate_outcome, ...other_outcomes] = await appendedTogether([
      { stream: busy!, expected_version: 1, events: [credited('2')] },
      {
        stream: duplicated!,
        expected_version: 1,
        events: [credited('2'), credited('3', { event_id: stored_event_id })],
      },
      ...others.map((name) => ({ stream: name, expected_version: 1, events: [credited('2')] })),
    ]);

    expect(duplicate_outcome).toMatchObject({ status: 'rejected' });
    expect((duplicate_outcome as PromiseRejectedResult).reason).toBeInstanceOf(
      DuplicateEventIdError,
    );
    expect([busy_outcome, ...other_outcomes].map((outcome) => outcome.status)).toEqual(
      [busy, ...others].map(() => 'fulfilled'),
    );
    // Nothing of the rejected append was written, and the others' events are all there.
    expect(await store.streamVersion(duplicated!)).toBe(1);
    for (const name of others) expect(await store.streamVersion(name)).toBe(2);
    await expectValidChains([busy!, duplicated!, ...others]);
    // The stream takes appends again.
    await expect(
      store.append(duplicated!, [credited('4')], { expected_version: 1 }),
    ).resolves.toMatchObject({ next_version: 2 });
  });

  it('writes concurrent appends to one stream one after another, in arrival order', async () => {
    const [name] = await opened(1);
    const append_count = 20;

    const results = await Promise.all(
      Array.from({ length: append_count }, (_, index) =>
        store.append(name!, [credited(String(index + 2))], { expected_version: 'any' }),
      ),
    );

    expect(results.map((result) => result.next_version)).toEqual(
      Array.from({ length: append_count }, (_, index) => index + 2),
    );
    const events = await store.readStream(name!);
    expect(events.map((event) => event.stream_version)).toEqual(
      Array.from({ length: append_count + 1 }, (_, index) => index + 1),
    );
    expect(events.map((event) => (event.data as { amount: string }).amount)).toEqual(
      Array.from({ length: append_count + 1 }, (_, index) => String(index + 1)),
    );
    expect(await store.verifyStream(name!)).toMatchObject({
      valid: true,
      last_version: append_count + 1,
    });
  });

  describe("an appender's own rows (appendManyWith)", () => {
    /** Appends one event to `name` and writes a row naming it, or throws instead of writing. */
    const appendWithNote = (name: string, note: string, refuse = false) =>
      store.appendManyWith(
        [{ stream: name, expected_version: 1, events: [credited('2')] }],
        async (client, results) => {
          if (refuse) throw new Error(`the row of ${note} is refused`);
          await client.query(`insert into ${NOTES} (stream, note) values ($1, $2)`, [name, note]);
          return `${note} at ${results[0]!.positions[0]}`;
        },
      );

    it("commits each part's rows in its batch's transaction, with its events", async () => {
      const names = await opened(12);

      const written = await Promise.all(
        names.map((name, index) => appendWithNote(name, `note ${index}`)),
      );

      const appended = (await storedEvents(names)).filter((event) => event.stream_version === 2);
      expect(appended).toHaveLength(names.length);
      const position_of = new Map(appended.map((event) => [event.stream, event.position]));
      expect(written.map((each) => each.written)).toEqual(
        names.map((name, index) => `note ${index} at ${position_of.get(name)}`),
      );
      const stored_notes = await notes(names);
      for (const event of appended)
        expect(stored_notes.get(event.stream)?.transaction_id).toBe(event.transaction_id);
      // The parts that waited were written together: fewer commits than parts.
      expect(new Set(appended.map((event) => event.transaction_id)).size).toBeLessThan(
        names.length,
      );
      await expectValidChains(names);
    });

    it('leaves out only the part whose rows fail: the others commit, it commits nothing', async () => {
      const [busy, refused, ...others] = await opened(6);

      const [busy_outcome, refused_outcome, ...other_outcomes] = await Promise.allSettled([
        appendWithNote(busy!, 'busy'),
        appendWithNote(refused!, 'refused', true),
        ...others.map((name, index) => appendWithNote(name, `other ${index}`)),
      ]);

      expect(busy_outcome.status).toBe('fulfilled');
      expect(refused_outcome).toMatchObject({
        status: 'rejected',
        reason: { message: 'the row of refused is refused' },
      });
      expect(other_outcomes.map((outcome) => outcome.status)).toEqual(
        others.map(() => 'fulfilled'),
      );
      const stored_notes = await notes([busy!, refused!, ...others]);
      expect(stored_notes.has(refused!)).toBe(false);
      expect(stored_notes.size).toBe(others.length + 1);
      await expectLeftOut(refused!, busy!, others);
    });
  });

  describe("an appender's own rows as statements (appendManyWithStatements)", () => {
    const noteInsert = (name: string, note: string): OwnStatement => ({
      text: `insert into ${NOTES} (stream, note) values ($1, $2)`,
      values: [name, note],
    });
    /** Must change the note written before: a stream without one fails its append. */
    const noteUpdate = (name: string, note: string): OwnStatement => ({
      text: `update ${NOTES} set note = $2 where stream = $1`,
      values: [name, note],
      one_row_or_fail: `the note of ${name} is gone`,
    });
    const appendWith = (name: string, statements: OwnStatement[]) =>
      store.appendManyWithStatements(
        [{ stream: name, expected_version: 'any', events: [credited('2')] }],
        statements,
      );

    /** Runs `work`; the statements it sent on the pool and the clients it took for transactions. */
    async function sentBy(
      work: () => Promise<unknown>,
    ): Promise<{ sent: number; clients: number }> {
      const connect = jest.spyOn(pool, 'connect');
      const query = jest.spyOn(pool, 'query');
      try {
        await work();
        // pool.query takes a client itself: clients beyond those were taken for a transaction.
        const sent = query.mock.calls.length;
        return { sent, clients: connect.mock.calls.length - sent };
      } finally {
        connect.mockRestore();
        query.mockRestore();
      }
    }

    it("writes a batch's events and every part's rows in one statement, no transaction", async () => {
      const names = await opened(12);

      const { sent, clients } = await sentBy(() =>
        Promise.all(names.map((name, index) => appendWith(name, [noteInsert(name, `n${index}`)]))),
      );

      const appended = (await storedEvents(names)).filter((event) => event.stream_version === 2);
      expect(appended).toHaveLength(names.length);
      const stored_notes = await notes(names);
      names.forEach((name, index) => expect(stored_notes.get(name)?.note).toBe(`n${index}`));
      for (const event of appended)
        expect(stored_notes.get(event.stream)?.transaction_id).toBe(event.transaction_id);
      const commits = new Set(appended.map((event) => event.transaction_id)).size;
      expect(commits).toBeLessThan(names.length);
      // One statement per batch (each its own commit), and no begin or commit around it.
      expect(sent).toBe(commits);
      expect(clients).toBe(0);
      await expectValidChains(names);
    });

    it('leaves out only the part whose row is gone: the others commit, it writes nothing', async () => {
      const [busy, gone, ...others] = await opened(6);
      await pool.query(
        `insert into ${NOTES} (stream, note) select name, 'old' from unnest($1::text[]) as name`,
        [[busy, ...others]],
      );

      const [busy_outcome, gone_outcome, ...other_outcomes] = await Promise.allSettled([
        appendWith(busy!, [noteUpdate(busy!, 'busy')]),
        appendWith(gone!, [noteUpdate(gone!, 'gone')]),
        ...others.map((name, index) => appendWith(name, [noteUpdate(name, `other ${index}`)])),
      ]);

      expect(busy_outcome.status).toBe('fulfilled');
      expect(gone_outcome).toMatchObject({
        status: 'rejected',
        reason: new OwnStatementMissedRowError(`the note of ${gone} is gone`),
      });
      expect(other_outcomes.map((outcome) => outcome.status)).toEqual(
        others.map(() => 'fulfilled'),
      );
      const stored_notes = await notes([busy!, gone!, ...others]);
      expect(stored_notes.has(gone!)).toBe(false);
      expect(others.map((name) => stored_notes.get(name)?.note)).toEqual(
        others.map((_, index) => `other ${index}`),
      );
      await expectLeftOut(gone!, busy!, others);
    });

    it('writes each row once in a batch where another part writes its rows by a callback', async () => {
      const names = await opened(8);

      await Promise.all(
        names.map((name, index) =>
          index % 2 === 0
            ? appendWith(name, [noteInsert(name, `statement ${index}`)])
            : store.appendManyWith(
                [{ stream: name, expected_version: 1, events: [credited('2')] }],
                async (client) => {
                  await client.query(`insert into ${NOTES} (stream, note) values ($1, $2)`, [
                    name,
                    `callback ${index}`,
                  ]);
                },
              ),
        ),
      );

      const appended = (await storedEvents(names)).filter((event) => event.stream_version === 2);
      const stored_notes = await notes(names);
      for (const event of appended)
        expect(stored_notes.get(event.stream)?.transaction_id).toBe(event.transaction_id);
      // A row written twice would fail its batch, and every part would then commit alone.
      expect(new Set(appended.map((event) => event.transaction_id)).size).toBeLessThan(
        names.length,
      );
      expect(names.map((name) => stored_notes.get(name)?.note)).toEqual(
        names.map((_, index) => (index % 2 === 0 ? 'statement' : 'callback') + ` ${index}`),
      );
    });
  });

  it('commits every append on its own when batching is off', async () => {
    const unbatched = new PgEventStore(pool, {
      schema: SCHEMA,
      environment: 'test',
      append_batching: false,
    });
    const names = await opened(10, unbatched);

    await Promise.all(
      names.map((name) => unbatched.append(name, [credited('2')], { expected_version: 1 })),
    );

    const appended = (await storedEvents(names)).filter((event) => event.stream_version === 2);
    expect(appended).toHaveLength(names.length);
    expect(new Set(appended.map((event) => event.transaction_id)).size).toBe(names.length);
    await expectValidChains(names);
  });

  describe('with tracing', () => {
    let telemetry: Telemetry;

    beforeAll(() => {
      telemetry = startTelemetry({
        service_name: 'event-store-test',
        environment: 'test',
        instrumentations: [],
        span_exporter: new InMemorySpanExporter(),
      });
    });

    afterAll(async () => {
      await telemetry?.shutdown();
    });

    /** Appends one event in a new span; resolves to the span's traceparent. */
    function appendInSpan(name: string): Promise<string> {
      return withSpan('append-test', {}, async () => {
        const ids = activeTraceIds();
        if (ids === null) throw new Error('no active span: telemetry is not running');
        await store.append(name, [credited('2')], { expected_version: 1 });
        return `00-${ids.trace_id}-${ids.span_id}-01`;
      });
    }

    it('keeps the trace context of each append made in a batch', async () => {
      const [busy, first, second] = await opened(3);

      const [, first_traceparent, second_traceparent] = await Promise.all([
        store.append(busy!, [credited('2')], { expected_version: 1 }),
        appendInSpan(first!),
        appendInSpan(second!),
      ]);

      expect(first_traceparent).not.toBe(second_traceparent);
      const [first_event] = await store.readStream(first!, { from_version: 2 });
      const [second_event] = await store.readStream(second!, { from_version: 2 });
      expect(first_event?.trace_context).toEqual({ traceparent: first_traceparent });
      expect(second_event?.trace_context).toEqual({ traceparent: second_traceparent });
      // Both were written by the one batch that waited behind the busy append.
      const appended = (await storedEvents([first!, second!])).filter(
        (event) => event.stream_version === 2,
      );
      expect(new Set(appended.map((event) => event.transaction_id)).size).toBe(1);
    });
  });
});
