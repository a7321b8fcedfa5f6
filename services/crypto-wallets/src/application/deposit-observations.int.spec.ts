import path from 'node:path';
import type { Pool } from 'pg';
import type { CreditFundsCommand } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { DeadLetters, createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import { DepositsRepository, type DepositWallet } from '../infrastructure/deposits.repository';
import { depositStream, openDepositsEventStore } from '../infrastructure/deposits-store';
import type { ChainObservation } from './chain-port';
import { ChainWatcher } from './chain-watcher';
import { DepositObservations, depositOperationId } from './deposit-observations';

const SCHEMA = 'crypto_wallets';
const MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
const SENDER = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';
const SEVERE_SENDER = 'TZGqQJVFWriKqBsqTJ6k2Cgbc9ZfwyMbad';
const quiet = { on_error: () => undefined, on_set_aside: () => undefined };

/**
 * Deposits driven by chain observations on PostgreSQL: the same observation handled twice is one
 * deposit credited once (one credit per transfer operation id, one public event), a severe sender
 * is held without a credit, and the sandbox chain feeds the handler through the watcher.
 */
describe('deposit observations', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let deposits: DepositsRepository;
  let wallet: DepositWallet;
  /** What the ledger was asked: operation ids, in order (the ledger credits each id once). */
  const credits: CreditFundsCommand[] = [];
  let handler: DepositObservations;

  beforeAll(async () => {
    database = await createTestDatabase('crypto_dep');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 6 });
    await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR });
    await DeadLetters.migrate(pool, SCHEMA);
    store = await openDepositsEventStore(pool, 'test');
    deposits = new DepositsRepository(pool, store);
    ({ wallet } = await deposits.insertWallet({
      account_id: 'acc-1',
      org_id: 'org-1',
      chain: 'tron',
      asset: 'USDT',
      address: 'TRbkuCKpqPCFEnWTExeeuADA4pNF9Mqwfb',
      derivation_path: "m/44'/195'/0'/0/0",
    }));
    handler = new DepositObservations(
      deposits,
      { credit: (command) => Promise.resolve(credits.push(command)) },
      { flagged: [], sandbox_rules: true },
    );
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const observation = (overrides: Partial<ChainObservation>): ChainObservation => ({
    cursor: '1',
    status: 'seen',
    chain: 'tron',
    asset: 'USDT',
    tx_id: 'a1'.repeat(32),
    from_address: SENDER,
    to_address: wallet.address,
    amount: '12.5',
    network_fee: '13.5',
    confirmations: 1,
    reference: null,
    observed_at: new Date().toISOString(),
    ...overrides,
  });

  const eventTypes = async (deposit_id: string) =>
    (await store.readStream(depositStream(deposit_id))).map((event) => event.type);

  it('credits a deposit confirmed twice exactly once', async () => {
    const seen = observation({});
    const confirmed = observation({ status: 'confirmed', confirmations: 2, cursor: '2' });
    await handler.handle(seen);
    await handler.handle(seen);
    const pending = await deposits.byTransfer('tron', seen.tx_id, wallet.address);
    expect(pending).toMatchObject({ status: 'pending', confirmations: 1, amount: '12.5' });

    await handler.handle(confirmed);
    await handler.handle(confirmed);
    const credited = await deposits.byTransfer('tron', seen.tx_id, wallet.address);
    expect(credited).toMatchObject({
      deposit_id: pending?.deposit_id,
      status: 'credited',
      risk: { risk: 'low', categories: [] },
    });
    const operation_id = depositOperationId('tron', seen.tx_id, wallet.address);
    expect(credits.filter((command) => command.operation_id === operation_id)).toEqual([
      {
        account_id: 'acc-1',
        operation_id,
        asset: 'USDT',
        amount: '12.5',
        kind: 'crypto_deposit',
        reference_id: pending?.deposit_id,
      },
    ]);
    expect(await eventTypes(credited?.deposit_id ?? '')).toEqual([
      'crypto-wallets.deposit_credited',
    ]);
    const { rows } = await pool.query('select count(*)::int as n from crypto_deposits');
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('holds a deposit from a severe sender, credits nothing, and publishes the hold', async () => {
    const held = observation({
      status: 'confirmed',
      confirmations: 2,
      tx_id: 'b2'.repeat(32),
      from_address: SEVERE_SENDER,
    });
    const before = credits.length;
    await handler.handle(held);
    const deposit = await deposits.byTransfer('tron', held.tx_id, wallet.address);
    expect(deposit).toMatchObject({
      status: 'held',
      hold_id: `crypto-deposit:${deposit?.deposit_id}`,
    });
    expect(credits).toHaveLength(before);
    expect(await eventTypes(deposit?.deposit_id ?? '')).toEqual([
      'crypto-wallets.deposit_quarantined',
    ]);
  });

  it('ignores transfers to addresses that are no deposit wallet, and outbound ones', async () => {
    await handler.handle(observation({ to_address: SENDER, tx_id: 'c3'.repeat(32) }));
    await handler.handle(observation({ tx_id: 'd4'.repeat(32), reference: 'withdrawal-1' }));
    expect(await deposits.byTransfer('tron', 'c3'.repeat(32), SENDER)).toBeNull();
    expect(await deposits.byTransfer('tron', 'd4'.repeat(32), wallet.address)).toBeNull();
  });

  it('credits a sandbox deposit fed by the chain through the watcher', async () => {
    const chain = new SandboxChain(pool);
    const watcher = new ChainWatcher(
      pool,
      chain,
      [handler],
      50,
      quiet,
      new DeadLetters(pool, SCHEMA),
    );
    const transfer = await chain.submitInbound({
      chain: 'tron',
      asset: 'USDT',
      from_address: SENDER,
      to_address: wallet.address,
      amount: '3',
    });
    await chain.step();
    await watcher.poll();
    expect(await deposits.byTransfer('tron', transfer.tx_id ?? '', wallet.address)).toMatchObject({
      status: 'pending',
      confirmations: 1,
    });
    await chain.step();
    await watcher.poll();
    expect(await deposits.byTransfer('tron', transfer.tx_id ?? '', wallet.address)).toMatchObject({
      status: 'credited',
      confirmations: 2,
    });
  });
});
