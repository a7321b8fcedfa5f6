import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import {
  LEDGER_MIGRATIONS_DIR,
  readBalances,
  rebuildBalances,
} from '../infrastructure/balances-projection';
import { startLedgerProjections } from '../infrastructure/ledger-projections';
import { LEDGER_PROJECTIONS_SUBSCRIPTION } from '../infrastructure/projection-replay';
import { openLedgerEventStore } from '../infrastructure/ledger-store';
import { LedgerCommands, type ConflictSite } from './ledger-commands';

/**
 * Two handler instances on two pools stand for two processes: they share only PostgreSQL, so
 * their in-process locks do not order them and only optimistic concurrency keeps balances right.
 */
/** Waits until the balances projection's checkpoint is at the last stored event. */
async function caughtUp(pool: Pool): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await pool.query<{ done: boolean }>(
      `select coalesce((select position from ledger_events.subscription_checkpoints
                         where name = $1), 0) >= (select max(position) from ledger_events.events)
              as done`,
      [LEDGER_PROJECTIONS_SUBSCRIPTION],
    );
    if (rows[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the balances projection did not catch up');
}

describe('ledger commands on PostgreSQL, two writers', () => {
  let database: TestDatabase;
  let pools: Pool[];
  let stores: PgEventStore[];
  let writers: LedgerCommands[];

  beforeAll(async () => {
    database = await createTestDatabase('ledger_cmd');
    pools = [0, 1].map(() =>
      createPool({ url: database.url, schema: 'ledger', max_connections: 6 }),
    );
    await migrate(pools[0]!, { schema: 'ledger', migrations_dir: LEDGER_MIGRATIONS_DIR });
    await DeadLetters.migrate(pools[0]!, 'ledger');
    stores = [];
    for (const pool of pools) stores.push(await openLedgerEventStore(pool, 'test'));
    writers = stores.map((store) => new LedgerCommands(store, { max_attempts: 100 }));
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });

  const movement = (account_id: string, operation_id: string, amount: string) => ({
    account_id,
    operation_id,
    asset: 'USD' as const,
    amount,
    kind: 'payout',
  });

  it('concurrent debits from two processes never take available below zero', async () => {
    await writers[0]!.credit(movement('a1', 'fund', '10.00'));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        writers[index % 2]!.debit(movement('a1', `debit-${index}`, '1.00')),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError);
      expect((reason as DomainError).code).toBe('insufficient_funds');
    }
    const projection = startLedgerProjections(stores[0]!, new DeadLetters(pools[0]!, 'ledger'));
    try {
      const usd = async () =>
        (await readBalances(pools[0]!, 'a1')).find((balance) => balance.asset === 'USD');
      await caughtUp(pools[0]!);
      expect(await usd()).toMatchObject({ available: '0.00', held: '0.00', total: '0.00' });
      expect(await rebuildBalances(pools[0]!)).toBe(11);
      expect(await usd()).toMatchObject({ available: '0.00', held: '0.00', total: '0.00' });
    } finally {
      await projection.stop();
    }
  });

  it('one operation_id raced from two processes moves money once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        writers[index % 2]!.credit(movement('a2', 'same-op', '5.00')),
      ),
    );
    expect(new Set(replies.map((reply) => JSON.stringify(reply))).size).toBe(1);
    expect(replies[0]?.movements[0]).toMatchObject({ available_after: '5.00' });
    const events = await stores[1]!.readStream('account-a2');
    expect(events).toHaveLength(1);
  });

  it('decides on the stored state when another process moved an account this one remembers', async () => {
    const [here, elsewhere] = [writers[0]!, writers[1]!];
    await here.credit(movement('a3', 'fund-here', '10.00'));
    await here.credit(movement('b3', 'fund-payee', '1.00'));
    // Elsewhere credits and debits a3 and b3 after `here` cached them.
    await elsewhere.credit(movement('a3', 'fund-elsewhere', '5.00'));
    await elsewhere.debit(movement('b3', 'drain-elsewhere', '1.00'));
    // Refused on the cached 10.00 alone; allowed on the stored 15.00.
    const debit = await here.debit(movement('a3', 'debit-15', '15.00'));
    expect(debit.movements[0]).toMatchObject({ available_after: '0.00' });
    await elsewhere.credit(movement('a3', 'refill-elsewhere', '2.00'));
    const transfer = await here.transfer({
      from_account_id: 'a3',
      to_account_id: 'b3',
      operation_id: 'transfer-2',
      asset: 'USD',
      amount: '2.00',
      kind: 'transfer',
    });
    expect(transfer.movements.map((moved) => moved.available_after)).toEqual(['0.00', '2.00']);
    await expect(here.debit(movement('a3', 'debit-too-much', '0.01'))).rejects.toMatchObject({
      code: 'insufficient_funds',
    });
    for (const account of ['account-a3', 'account-b3']) {
      expect(await stores[1]!.verifyStream(account)).toMatchObject({ valid: true });
    }
  });

  it('posts holds with fees from two processes at once: each fee reaches the fee account once', async () => {
    const fees = 'fees:race-org';
    const payers = Array.from({ length: 6 }, (_, index) => `f${index}`);
    for (const payer of payers) {
      await writers[0]!.credit(movement(payer, `fund-${payer}`, '10.00'));
      await writers[0]!.placeHold({
        ...movement(payer, `hold-${payer}`, '5.00'),
        hold_id: `h-${payer}`,
        fee: '1.25',
        fee_account_id: fees,
      });
    }
    // Every post is sent by both processes: one appends, the other replays it.
    const replies = await Promise.all(
      payers.flatMap((payer) =>
        writers.map((writer) =>
          writer.postHold({
            account_id: payer,
            operation_id: `post-${payer}`,
            hold_id: `h-${payer}`,
          }),
        ),
      ),
    );
    for (const reply of replies) {
      expect(reply.movements.map((moved) => [moved.kind, moved.amount])).toEqual([
        ['payout', '5.00'],
        ['fee', '1.25'],
        ['fee', '1.25'],
      ]);
    }
    expect(await stores[1]!.readStream(`account-${fees}`)).toHaveLength(payers.length);
    expect(await stores[0]!.verifyStream(`account-${fees}`)).toMatchObject({ valid: true });
    const fee_balance = (await writers[1]!.currentBalances(fees)).USD;
    expect([fee_balance.available.toString(), fee_balance.held.toString()]).toEqual([
      '7.50',
      '0.00',
    ]);
    for (const payer of payers) {
      const usd = (await writers[1]!.currentBalances(payer)).USD;
      expect([usd.available.toString(), usd.held.toString()]).toEqual(['3.75', '0.00']);
    }
  });

  it("moves no money when the caller's rows fail, and does on the retry, alone or in one statement", async () => {
    const here = writers[0]!;
    await pools[0]!.query(
      'create table if not exists transfer_notes (operation_id text primary key, note text not null)',
    );
    const note = (operation_id: string, text: string | null) => ({
      text: 'insert into transfer_notes (operation_id, note) values ($1, $2)',
      values: [operation_id, text],
    });
    const notes = async () =>
      (
        await pools[0]!.query<{ operation_id: string }>('select operation_id from transfer_notes')
      ).rows
        .map((row) => row.operation_id)
        .sort();
    await here.credit(movement('a4', 'fund-a4', '5.00'));
    const transfer = (operation_id: string, amount: string) => ({
      from_account_id: 'a4',
      to_account_id: 'b4',
      operation_id,
      asset: 'USD' as const,
      amount,
      kind: 'transfer',
    });
    // The payee's stream is new: the events and the rows go in a transaction of their own.
    const refused = here.transfer(transfer('transfer-a4', '3.00'), null, {
      statements: () => [note('transfer-a4', null)],
    });
    await expect(refused).rejects.toThrow(/null value/);
    expect(await stores[1]!.readStream('account-b4')).toHaveLength(0);
    const reply = await here.transfer(transfer('transfer-a4', '3.00'), null, {
      statements: (moved) => [note(moved.operation_id, 'first')],
    });
    expect(reply.movements.map((moved) => moved.available_after)).toEqual(['2.00', '3.00']);
    expect(await notes()).toEqual(['transfer-a4']);
    // Both heads are known now: the events and the rows are one statement, undone together.
    const refused_again = here.transfer(transfer('transfer-a4-2', '2.00'), null, {
      statements: () => [note('transfer-a4-2', null)],
    });
    await expect(refused_again).rejects.toThrow(/null value/);
    expect(await stores[1]!.readStream('account-b4')).toHaveLength(1);
    expect(await notes()).toEqual(['transfer-a4']);
    const second = await here.transfer(transfer('transfer-a4-2', '2.00'), null, {
      statements: (moved) => [note(moved.operation_id, 'second')],
    });
    expect(second.movements.map((moved) => moved.available_after)).toEqual(['0.00', '5.00']);
    expect(await notes()).toEqual(['transfer-a4', 'transfer-a4-2']);
    expect(await stores[1]!.readStream('account-b4')).toHaveLength(2);
    expect(await stores[1]!.verifyStream('account-b4')).toMatchObject({ valid: true });
  });

  it('undoes the rows of a one-statement append whose head another writer had moved', async () => {
    const [here, there] = writers;
    await pools[0]!.query(
      'create table if not exists transfer_notes (operation_id text primary key, note text not null)',
    );
    await here!.credit(movement('a5', 'fund-a5', '10.00'));
    await here!.credit(movement('b5', 'fund-b5', '1.00'));
    const transfer = (operation_id: string) => ({
      from_account_id: 'a5',
      to_account_id: 'b5',
      operation_id,
      asset: 'USD' as const,
      amount: '1.00',
      kind: 'transfer',
    });
    const with_note = (operation_id: string) => ({
      statements: () => [
        {
          text: 'insert into transfer_notes (operation_id, note) values ($1, $2)',
          values: [operation_id, 'moved head'],
        },
      ],
    });
    await here!.transfer(transfer('transfer-a5-1'), null, with_note('transfer-a5-1'));
    // Another process moves the payer's stream: this writer's remembered head is stale.
    await there!.debit(movement('a5', 'debit-a5', '4.00'));
    const reply = await here!.transfer(transfer('transfer-a5-2'), null, with_note('transfer-a5-2'));
    expect(reply.movements.map((moved) => moved.available_after)).toEqual(['4.00', '3.00']);
    const { rows } = await pools[0]!.query<{ operation_id: string }>(
      `select operation_id from transfer_notes where operation_id like 'transfer-a5-%'
        order by operation_id`,
    );
    // Written once: the statement that found the head moved wrote nothing, the retry did.
    expect(rows.map((row) => row.operation_id)).toEqual(['transfer-a5-1', 'transfer-a5-2']);
    expect(await stores[1]!.verifyStream('account-a5')).toMatchObject({ valid: true });
  });

  it('tells where an append found an account moved by another process, and only then', async () => {
    const conflicts: ConflictSite[][] = [[], []];
    const [here, elsewhere] = stores.map(
      (store, index) =>
        new LedgerCommands(store, { on_conflict: (site) => conflicts[index]!.push(site) }),
    );
    await here!.credit(movement('c1', 'fund-c1', '10.00'));
    await here!.credit(movement('c1', 'again-c1', '1.00'));
    expect(conflicts).toEqual([[], []]);
    // Elsewhere moves c1 after `here` remembered it: here's next append finds the head moved.
    await elsewhere!.credit(movement('c1', 'fund-c1-elsewhere', '5.00'));
    const debit = await here!.debit(movement('c1', 'debit-c1', '3.00'));
    expect(debit.movements[0]).toMatchObject({ available_after: '13.00' });
    expect(conflicts).toEqual([['operation'], []]);
  });

  describe('transfers that arrive together', () => {
    const transfer = (
      from_account_id: string,
      to_account_id: string,
      operation_id: string,
      amount: string,
    ) => ({
      from_account_id,
      to_account_id,
      operation_id,
      asset: 'USD' as const,
      amount,
      kind: 'transfer',
    });
    /** The transactions the stream's events were written in, in order of their first event. */
    const transactionsOf = async (stream: string): Promise<string[][]> => {
      const { rows } = await pools[0]!.query<{ versions: number[] }>(
        `select array_agg(stream_version order by stream_version) as versions
           from ledger_events.events where stream = $1
          group by transaction_id order by min(position)`,
        [stream],
      );
      return rows.map((row) => row.versions.map(String));
    };
    const code = (outcome: PromiseSettledResult<unknown>): string | undefined =>
      outcome.status === 'rejected' ? (outcome.reason as DomainError).code : undefined;

    it('are decided in turn on the states the ones before left, and written in one append', async () => {
      const here = writers[0]!;
      await here.credit(movement('g-payee', 'fund-g-payee', '1.00'));
      for (const payer of ['g1', 'g2', 'g3', 'g4'])
        await here.credit(movement(payer, `fund-${payer}`, '5.00'));
      // The first runs alone; the rest arrive meanwhile and go together as one group. g2's
      // second transfer finds what its first left (5.00 - 3.00) and is refused; g4 pays twice.
      const sent = [
        transfer('g1', 'g-payee', 'g-t1', '2.00'),
        transfer('g2', 'g-payee', 'g-t2', '3.00'),
        transfer('g2', 'g-payee', 'g-t3', '3.00'),
        transfer('g3', 'g-payee', 'g-t4', '5.00'),
        transfer('g4', 'g-payee', 'g-t5', '1.00'),
        transfer('g4', 'g-payee', 'g-t6', '4.00'),
        transfer('g-payee', 'g1', 'g-t7', '1.00'),
      ];
      const outcomes = await Promise.allSettled(sent.map((command) => here.transfer(command)));
      expect(outcomes.map(code)).toEqual([
        undefined,
        undefined,
        'insufficient_funds',
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const payee_after = outcomes.map((outcome) =>
        outcome.status === 'fulfilled'
          ? outcome.value.movements.map((m) => m.available_after)
          : null,
      );
      expect(payee_after).toEqual([
        ['3.00', '3.00'],
        ['2.00', '6.00'],
        null,
        ['0.00', '11.00'],
        ['4.00', '12.00'],
        ['0.00', '16.00'],
        ['15.00', '4.00'],
      ]);
      // The payee's stream (one event per transfer): its funding, the first transfer alone, then
      // the group's five in one transaction.
      expect(await transactionsOf('account-g-payee')).toEqual([
        ['1'],
        ['2'],
        ['3', '4', '5', '6', '7'],
      ]);
      for (const account of ['g-payee', 'g1', 'g2', 'g3', 'g4'])
        expect(await stores[1]!.verifyStream(`account-${account}`)).toMatchObject({ valid: true });
      // Another process reads the stored streams: the same balances.
      expect((await writers[1]!.currentBalances('g-payee')).USD.available.toString()).toBe('15.00');
      expect((await writers[1]!.currentBalances('g2')).USD.available.toString()).toBe('2.00');
    });

    it("go alone when the group's append fails: only the one whose rows fail is refused", async () => {
      const here = writers[0]!;
      await pools[0]!.query(
        'create table if not exists transfer_notes (operation_id text primary key, note text not null)',
      );
      await here.credit(movement('h-payee', 'fund-h-payee', '1.00'));
      for (const payer of ['h1', 'h2', 'h3', 'h4'])
        await here.credit(movement(payer, `fund-${payer}`, '5.00'));
      const noted = (operation_id: string, note: string | null) => ({
        statements: () => [
          {
            text: 'insert into transfer_notes (operation_id, note) values ($1, $2)',
            values: [operation_id, note],
          },
        ],
      });
      const outcomes = await Promise.allSettled(
        ['h1', 'h2', 'h3', 'h4'].map((payer) =>
          here.transfer(
            transfer(payer, 'h-payee', `h-${payer}`, '1.00'),
            null,
            noted(`h-${payer}`, payer === 'h3' ? null : 'ok'),
          ),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const { rows } = await pools[0]!.query<{ operation_id: string }>(
        `select operation_id from transfer_notes where operation_id like 'h-%' order by 1`,
      );
      expect(rows.map((row) => row.operation_id)).toEqual(['h-h1', 'h-h2', 'h-h4']);
      expect((await here.currentBalances('h-payee')).USD.available.toString()).toBe('4.00');
      expect((await writers[1]!.currentBalances('h3')).USD.available.toString()).toBe('5.00');
      expect(await stores[1]!.verifyStream('account-h-payee')).toMatchObject({ valid: true });
    });

    it('are decided again on the stored states when another process moved one', async () => {
      const [here, there] = [writers[0]!, writers[1]!];
      await here.credit(movement('k-payee', 'fund-k-payee', '1.00'));
      for (const payer of ['k1', 'k2', 'k3'])
        await here.credit(movement(payer, `fund-${payer}`, '5.00'));
      // Elsewhere, k2 is drained after this process cached it at 5.00.
      await there.debit(movement('k2', 'drain-k2', '4.00'));
      const outcomes = await Promise.allSettled(
        ['k1', 'k2', 'k3', 'k2'].map((payer, index) =>
          here.transfer(transfer(payer, 'k-payee', `k-t${index}`, '1.00')),
        ),
      );
      expect(outcomes.map(code)).toEqual([undefined, undefined, undefined, 'insufficient_funds']);
      expect((await there.currentBalances('k2')).USD.available.toString()).toBe('0.00');
      expect((await there.currentBalances('k-payee')).USD.available.toString()).toBe('4.00');
      // Refused here on the stored state, k2's second transfer was tried alone and refused again.
      expect(await transactionsOf('account-k-payee')).toEqual([['1'], ['2'], ['3', '4']]);
    });

    it('stay one group when another process keeps moving their payee', async () => {
      const conflicts: ConflictSite[] = [];
      const elsewhere = writers[1]!;
      // Before each of the group's first two appends, the other process credits the payee: the
      // group finds its head moved twice, reads it again and is still written as one append.
      let moves_left = 2;
      const contested = new Proxy(stores[0]!, {
        get(store, property, receiver) {
          if (property !== 'appendMany') return Reflect.get(store, property, receiver);
          return async (appends: Parameters<PgEventStore['appendMany']>[0]) => {
            const group = appends.some((append) => append.events.length > 1);
            if (group && moves_left > 0) {
              moves_left -= 1;
              await elsewhere.credit(movement('m-payee', `elsewhere-${moves_left}`, '10.00'));
            }
            return store.appendMany(appends);
          };
        },
      });
      const appended: number[] = [];
      const here = new LedgerCommands(contested, {
        on_conflict: (site) => conflicts.push(site),
        on_transfers_appended: (transfers) => appended.push(transfers),
      });
      await here.credit(movement('m-payee', 'fund-m-payee', '1.00'));
      for (const payer of ['m1', 'm2', 'm3', 'm4', 'm5'])
        await here.credit(movement(payer, `fund-${payer}`, '5.00'));
      const outcomes = await Promise.allSettled(
        ['m1', 'm2', 'm3', 'm4', 'm5'].map((payer) =>
          here.transfer(transfer(payer, 'm-payee', `m-${payer}`, '2.00')),
        ),
      );
      expect(outcomes.map(code)).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(conflicts).toEqual(['group', 'group']);
      // The appends the conflicts undid are not counted: m1's alone, then the group's one.
      expect(appended).toEqual([1, 4]);
      // The first transfer alone, the other process's two credits, then the group's four at once.
      expect(await transactionsOf('account-m-payee')).toEqual([
        ['1'],
        ['2'],
        ['3'],
        ['4'],
        ['5', '6', '7', '8'],
      ]);
      expect((await elsewhere.currentBalances('m-payee')).USD.available.toString()).toBe('31.00');
      expect(await stores[1]!.verifyStream('account-m-payee')).toMatchObject({ valid: true });
    });
  });

  describe('an operation older than the ones a state keeps', () => {
    const KEPT = 8;
    const available = async (writer: LedgerCommands, account_id: string) =>
      (await writer.currentBalances(account_id)).USD.available.toString();

    it('is answered with its first reply and refused for another request, warm or cold', async () => {
      const warm = new LedgerCommands(stores[0]!, { operations_kept_per_account: KEPT });
      const first = await warm.credit(movement('old-1', 'old-op', '1.00'));
      for (let n = 0; n < KEPT + 6; n += 1) {
        await warm.credit(movement('old-1', `newer-${n}`, '1.00'));
      }
      const cold = new LedgerCommands(stores[1]!, { operations_kept_per_account: KEPT });
      for (const writer of [warm, cold]) {
        await expect(writer.credit(movement('old-1', 'old-op', '1.00'))).resolves.toEqual(first);
        await expect(writer.credit(movement('old-1', 'old-op', '2.00'))).rejects.toMatchObject({
          code: 'idempotency_conflict',
        });
        expect(await available(writer, 'old-1')).toBe(`${KEPT + 7}.00`);
      }
      expect(first.movements[0]).toMatchObject({ amount: '1.00', available_after: '1.00' });
      expect(await stores[0]!.readStream('account-old-1')).toHaveLength(KEPT + 7);
    });

    it('moves no money again when a transfer is retried after many more on its payee', async () => {
      const writer = new LedgerCommands(stores[0]!, { operations_kept_per_account: KEPT });
      await writer.credit(movement('old-payer', 'fund-old-payer', '10.00'));
      const transfer = {
        from_account_id: 'old-payer',
        to_account_id: 'old-payee',
        operation_id: 'old-transfer',
        asset: 'USD' as const,
        amount: '3.00',
        kind: 'transfer',
      };
      const first = await writer.transfer(transfer);
      // The payee moves on; the payer does not, so only the payee's state has forgotten it.
      for (let n = 0; n < KEPT + 3; n += 1) {
        await writer.credit(movement('old-payee', `payee-credit-${n}`, '1.00'));
      }
      await expect(writer.transfer(transfer)).resolves.toEqual(first);
      await expect(writer.transfer({ ...transfer, amount: '4.00' })).rejects.toMatchObject({
        code: 'idempotency_conflict',
      });
      expect(await available(writer, 'old-payer')).toBe('7.00');
      expect(await available(writer, 'old-payee')).toBe(`${KEPT + 6}.00`);
    });

    it('is a replay when it comes twice among transfers decided together, even kept one', async () => {
      const appended: number[] = [];
      const writer = new LedgerCommands(stores[0]!, {
        operations_kept_per_account: 1,
        on_transfers_appended: (transfers) => appended.push(transfers),
      });
      for (const payer of ['one-p0', 'one-p1', 'one-p2', 'one-p3'])
        await writer.credit(movement(payer, `fund-${payer}`, '5.00'));
      const transfer = (from_account_id: string, operation_id: string) => ({
        from_account_id,
        to_account_id: 'one-payee',
        operation_id,
        asset: 'USD' as const,
        amount: '1.00',
        kind: 'transfer',
      });
      // The first runs alone; the other four go together, one-t1 twice around two others that
      // the payee's state decides between them.
      const [, first, , , again] = await Promise.all(
        [
          transfer('one-p0', 'one-t0'),
          transfer('one-p1', 'one-t1'),
          transfer('one-p2', 'one-t2'),
          transfer('one-p3', 'one-t3'),
          transfer('one-p1', 'one-t1'),
        ].map((command) => writer.transfer(command)),
      );
      expect(again).toEqual(first);
      expect(await available(writer, 'one-p1')).toBe('4.00');
      expect(await available(writer, 'one-payee')).toBe('4.00');
      expect(await stores[0]!.readStream('account-one-payee')).toHaveLength(4);
      // Two appends: one-t0 alone, then three transfers; one-t1's second coming wrote nothing.
      expect(appended).toEqual([1, 3]);
    });

    it('ended long ago, a hold is still ended and its fee still paid once, warm or cold', async () => {
      const warm = new LedgerCommands(stores[0]!, { operations_kept_per_account: KEPT });
      const fees = 'fees:old-holds';
      const hold = (hold_id: string, operation_id: string, amount: string) => ({
        ...movement('old-h', operation_id, amount),
        hold_id,
        fee: '0.50',
        fee_account_id: fees,
      });
      const end = (hold_id: string, operation_id: string) => ({
        account_id: 'old-h',
        operation_id,
        hold_id,
      });
      await warm.credit(movement('old-h', 'fund-old-h', '100.00'));
      await warm.placeHold(hold('h-open', 'open-place', '1.00'));
      await warm.placeHold(hold('h-old', 'old-place', '2.00'));
      const posted = await warm.postHold(end('h-old', 'old-post'));
      for (let n = 0; n < KEPT + 2; n += 1) {
        await warm.placeHold(hold(`h-${n}`, `place-${n}`, '1.00'));
        await warm.releaseHold(end(`h-${n}`, `release-${n}`));
      }
      const cold = new LedgerCommands(stores[1]!, { operations_kept_per_account: KEPT });
      for (const writer of [warm, cold]) {
        const code = (attempt: Promise<unknown>) =>
          attempt.then(
            () => 'done',
            (error: DomainError) => error.code,
          );
        await expect(code(writer.postHold(end('h-old', 'post-again')))).resolves.toBe(
          'already_decided',
        );
        await expect(code(writer.releaseHold(end('h-old', 'release-old')))).resolves.toBe(
          'already_decided',
        );
        await expect(code(writer.placeHold(hold('h-old', 'place-again', '2.00')))).resolves.toBe(
          'duplicate',
        );
        await expect(writer.postHold(end('h-old', 'old-post'))).resolves.toEqual(posted);
      }
      expect(posted.movements.map((moved) => [moved.account_id, moved.kind])).toEqual([
        ['old-h', 'payout'],
        ['old-h', 'fee'],
        [fees, 'fee'],
      ]);
      // A hold still open after all of it is posted as ever.
      await warm.postHold(end('h-open', 'open-post'));
      const usd = (await cold.currentBalances('old-h')).USD;
      expect([usd.available.toString(), usd.held.toString()]).toEqual(['96.00', '0.00']);
      expect(await available(cold, fees)).toBe('1.00');
    });

    it('refuses a bound that keeps no operation', () => {
      expect(() => new LedgerCommands(stores[0]!, { operations_kept_per_account: 0 })).toThrow(
        /operations_kept/,
      );
    });
  });

  it('dates a credit and a hold in the past only where backdating is on (the sandbox)', async () => {
    const sandbox = new LedgerCommands(stores[0]!, { backdating: true });
    const live = new LedgerCommands(stores[1]!);
    const past = '2026-01-02T03:04:05.000Z';
    const credit = {
      ...movement('d1', 'dated-credit', '50.00'),
      kind: 'payin',
      effective_at: past,
    };
    const refused = await live.credit(credit).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('forbidden');
    expect(await stores[1]!.readStream('account-d1')).toHaveLength(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await expect(
      sandbox.credit({ ...credit, effective_at: future }).catch((error: DomainError) => error.code),
    ).resolves.toBe('invalid_request');

    await sandbox.credit(credit);
    await sandbox.placeHold({
      ...movement('d1', 'dated-hold', '20.00'),
      hold_id: 'hold-d1',
      effective_at: past,
    });
    await sandbox.postHold({ account_id: 'd1', operation_id: 'dated-post', hold_id: 'hold-d1' });
    const events = await stores[0]!.readStream('account-d1');
    expect(
      events.map((event) => [event.type, (event.data as { effective_at?: string }).effective_at]),
    ).toEqual([
      ['ledger.funds_credited', past],
      ['ledger.hold_placed', past],
      ['ledger.hold_posted', undefined],
    ]);
    expect((await sandbox.currentBalances('d1')).USD.available.toString()).toBe('30.00');
  });
});
