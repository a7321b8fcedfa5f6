import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  createPool,
  OwnStatementMissedRowError,
  withTransaction,
  type OwnStatement,
} from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, type NewEvent, type StreamAppend } from './index';

// A caller's own rows written with its events: in the append's one statement when the head is
// remembered or may be assumed new, else in the append's transaction. Either way they commit
// with the events or not at all, and an own statement that must change one row undoes both when
// it changes none.
const SCHEMA = 'own_rows';

function changed(status: string): NewEvent {
  return { type: 'payouts.payout_status_changed', data: { status } };
}

describe('PgEventStore writing a caller’s own rows with its events', () => {
  let db: TestDatabase;
  let pool: Pool;
  let other_pool: Pool;
  let here: PgEventStore;
  let elsewhere: PgEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('evown');
    pool = createPool({ url: db.url, max_connections: 10 });
    other_pool = createPool({ url: db.url, max_connections: 10 });
    here = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    elsewhere = new PgEventStore(other_pool, { schema: SCHEMA, environment: 'test' });
    await here.migrate();
    await pool.query(`create table things (id text primary key, status text not null)`);
  });

  afterAll(async () => {
    await Promise.all([pool.end(), other_pool.end()]);
    await db.drop();
  });

  const appendOf = (stream: string, status: string): StreamAppend => ({
    stream,
    expected_version: 'any',
    events: [changed(status)],
  });
  const insertThing = (id: string, status: string): OwnStatement => ({
    text: 'insert into things (id, status) values ($1, $2)',
    values: [id, status],
  });
  const setStatus = (id: string, status: string, must_find = false): OwnStatement => ({
    text: 'update things set status = $2 where id = $1',
    values: [id, status],
    ...(must_find ? { one_row_or_fail: `thing ${id} is gone` } : {}),
  });

  /** A new thing: its stream's first event and its row, written together. */
  async function createdThing(): Promise<{ id: string; stream: string }> {
    const id = randomUUID();
    const stream = `thing-${id}`;
    await here.appendManyWithStatements(
      [appendOf(stream, 'created')],
      [insertThing(id, 'created')],
    );
    return { id, stream };
  }

  async function statusOf(id: string): Promise<string | null> {
    const { rows } = await pool.query<{ status: string }>(
      'select status from things where id = $1',
      [id],
    );
    return rows[0]?.status ?? null;
  }

  async function statuses(stream: string): Promise<string[]> {
    return (await here.readStream(stream)).map(
      (event) => (event.data as { status: string }).status,
    );
  }

  /** Runs `work` and answers the texts it sent on the pool, and whether it took a client. */
  async function sentBy(
    work: () => Promise<unknown>,
  ): Promise<{ texts: string[]; clients: number }> {
    const connect = jest.spyOn(pool, 'connect');
    const query = jest.spyOn(pool, 'query');
    try {
      await work();
      const texts = query.mock.calls.map(([sent]) =>
        typeof sent === 'string' ? sent : (sent as { text: string }).text,
      );
      // pool.query takes a client itself: clients beyond those were taken for a transaction.
      return { texts, clients: connect.mock.calls.length - query.mock.calls.length };
    } finally {
      connect.mockRestore();
      query.mockRestore();
    }
  }

  it('writes a new stream’s first event and the caller’s row in one statement', async () => {
    const id = randomUUID();
    const stream = `thing-${id}`;
    const sent = await sentBy(() =>
      here.appendManyWithStatements([appendOf(stream, 'created')], [insertThing(id, 'created')]),
    );
    expect(sent.texts).toHaveLength(1);
    expect(sent.texts[0]).toContain('insert into things');
    expect(sent.clients).toBe(0);
    expect(await statusOf(id)).toBe('created');
    expect(await statuses(stream)).toEqual(['created']);
    expect(await here.verifyStream(stream)).toMatchObject({ valid: true, last_version: 1 });
  });

  it('writes neither the events nor the rows when a row that must change is gone', async () => {
    const id = randomUUID();
    const stream = `thing-${id}`;
    await expect(
      here.appendManyWithStatements(
        [appendOf(stream, 'created')],
        [setStatus(id, 'created', true)],
      ),
    ).rejects.toThrow(new OwnStatementMissedRowError(`thing ${id} is gone`));
    expect(await here.streamVersion(stream)).toBe(0);
    // A remembered head: the same, and the stream stays as it was.
    await here.appendManyWithStatements(
      [appendOf(stream, 'created')],
      [insertThing(id, 'created')],
    );
    await pool.query('delete from things where id = $1', [id]);
    await expect(
      here.appendManyWithStatements([appendOf(stream, 'paid')], [setStatus(id, 'paid', true)]),
    ).rejects.toBeInstanceOf(OwnStatementMissedRowError);
    expect(await statuses(stream)).toEqual(['created']);
    expect(await statusOf(id)).toBeNull();
  });

  it('writes its row and event once when another process moved the head it remembered', async () => {
    const { id, stream } = await createdThing();
    await elsewhere.append(stream, [changed('reviewed')], { expected_version: 1 });
    await here.appendManyWithStatements([appendOf(stream, 'paid')], [setStatus(id, 'paid', true)]);
    expect(await statuses(stream)).toEqual(['created', 'reviewed', 'paid']);
    expect(await statusOf(id)).toBe('paid');
    expect(await here.verifyStream(stream)).toMatchObject({ valid: true, last_version: 3 });
  });

  it('writes several remembered streams and the rows in one statement', async () => {
    const [a, b] = [await createdThing(), await createdThing()];
    const sent = await sentBy(() =>
      here.appendManyWithStatements(
        [appendOf(a.stream, 'paid'), appendOf(b.stream, 'paid')],
        [setStatus(a.id, 'paid', true), setStatus(b.id, 'paid')],
      ),
    );
    expect(sent.texts.filter((text) => text.includes('allocate_event_positions'))).toHaveLength(1);
    expect(sent.clients).toBe(0);
    expect(await statuses(a.stream)).toEqual(['created', 'paid']);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['paid', 'paid']);
  });

  describe('in the caller’s transaction', () => {
    it('writes the row in the append’s statement, and both commit with the transaction', async () => {
      const { id, stream } = await createdThing();
      await withTransaction(pool, async (client) => {
        const query = jest.spyOn(client, 'query');
        await here.appendInTransactionWith(client, appendOf(stream, 'paid'), [
          setStatus(id, 'paid'),
        ]);
        expect(query).toHaveBeenCalledTimes(1);
        query.mockRestore();
      });
      expect(await statuses(stream)).toEqual(['created', 'paid']);
      expect(await statusOf(id)).toBe('paid');
    });

    it('writes the row once and appends after the head another process moved', async () => {
      const { id, stream } = await createdThing();
      await elsewhere.append(stream, [changed('reviewed')], { expected_version: 1 });
      await withTransaction(pool, async (client) => {
        await here.appendInTransactionWith(client, appendOf(stream, 'paid'), [
          { text: `update things set status = status || '+paid' where id = $1`, values: [id] },
        ]);
      });
      expect(await statuses(stream)).toEqual(['created', 'reviewed', 'paid']);
      expect(await statusOf(id)).toBe('created+paid');
      expect(await here.verifyStream(stream)).toMatchObject({ valid: true, last_version: 3 });
    });

    it('writes several remembered streams and the rows in one statement', async () => {
      const [a, b] = [await createdThing(), await createdThing()];
      await withTransaction(pool, async (client) => {
        const query = jest.spyOn(client, 'query');
        await here.appendManyInTransactionWith(
          client,
          [appendOf(a.stream, 'paid'), appendOf(b.stream, 'failed')],
          [setStatus(a.id, 'paid'), setStatus(b.id, 'failed')],
        );
        expect(query).toHaveBeenCalledTimes(1);
        query.mockRestore();
      });
      expect([await statuses(a.stream), await statuses(b.stream)]).toEqual([
        ['created', 'paid'],
        ['created', 'failed'],
      ]);
      expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['paid', 'failed']);
    });

    it('writes the rows once and appends every stream after a head another process moved', async () => {
      const [a, b] = [await createdThing(), await createdThing()];
      await elsewhere.append(b.stream, [changed('reviewed')], { expected_version: 1 });
      const bump = (id: string): OwnStatement => ({
        text: `update things set status = status || '+paid' where id = $1`,
        values: [id],
      });
      await withTransaction(pool, (client) =>
        here.appendManyInTransactionWith(
          client,
          [appendOf(a.stream, 'paid'), appendOf(b.stream, 'paid')],
          [bump(a.id), bump(b.id)],
        ),
      );
      expect([await statuses(a.stream), await statuses(b.stream)]).toEqual([
        ['created', 'paid'],
        ['created', 'reviewed', 'paid'],
      ]);
      expect([await statusOf(a.id), await statusOf(b.id)]).toEqual([
        'created+paid',
        'created+paid',
      ]);
      expect(await here.verifyStream(b.stream)).toMatchObject({ valid: true, last_version: 3 });
      // The head it now remembers is the stored one: the next append goes in one statement.
      await withTransaction(pool, async (client) => {
        const query = jest.spyOn(client, 'query');
        await here.appendManyInTransactionWith(client, [appendOf(b.stream, 'settled')], []);
        expect(query).toHaveBeenCalledTimes(1);
        query.mockRestore();
      });
    });

    it('writes the rows and locks the heads when a stream is not remembered', async () => {
      const { id, stream } = await createdThing();
      const { stream: unknown_stream } = await (async () => {
        const other = `thing-${randomUUID()}`;
        await elsewhere.append(other, [changed('created')], { expected_version: 'no_stream' });
        return { stream: other };
      })();
      await withTransaction(pool, (client) =>
        here.appendManyInTransactionWith(
          client,
          [appendOf(stream, 'paid'), appendOf(unknown_stream, 'paid')],
          [setStatus(id, 'paid')],
        ),
      );
      expect([await statuses(stream), await statuses(unknown_stream)]).toEqual([
        ['created', 'paid'],
        ['created', 'paid'],
      ]);
      expect(await statusOf(id)).toBe('paid');
    });

    it('refuses an own statement that must change one row: it could not be undone', async () => {
      const [a, b] = [await createdThing(), await createdThing()];
      await expect(
        withTransaction(pool, (client) =>
          here.appendManyInTransactionWith(
            client,
            [appendOf(a.stream, 'paid'), appendOf(b.stream, 'paid')],
            [setStatus(a.id, 'paid', true)],
          ),
        ),
      ).rejects.toThrow('an own statement that must change one row needs on_moved: fail');
      expect(await statusOf(a.id)).toBe('created');
    });

    it('writes nothing when the transaction rolls back', async () => {
      const id = randomUUID();
      const stream = `thing-${id}`;
      await expect(
        withTransaction(pool, async (client) => {
          await here.appendInTransactionWith(client, appendOf(stream, 'created'), [
            insertThing(id, 'created'),
          ]);
          throw new Error('the caller changed its mind');
        }),
      ).rejects.toThrow('the caller changed its mind');
      expect(await statusOf(id)).toBeNull();
      expect(await here.streamVersion(stream)).toBe(0);
      // The head it wrote from was never committed: the next append finds the stored one.
      await here.appendManyWithStatements(
        [appendOf(stream, 'created')],
        [insertThing(id, 'again')],
      );
      expect(await statuses(stream)).toEqual(['created']);
      expect(await here.verifyStream(stream)).toMatchObject({ valid: true, last_version: 1 });
    });
  });
});
