import path from 'node:path';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import { DeadLetters, createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { LiveChain } from '../infrastructure/chain/live-chain';
import { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import type { ChainObservation, ObservationHandler } from './chain-port';
import { ChainWatcher, WATCHER_DEAD_LETTER_SOURCE } from './chain-watcher';

const SCHEMA = 'crypto_wallets';
const MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
const TRON_SENDER = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';
const TRON_RECEIVER = 'TRbkuCKpqPCFEnWTExeeuADA4pNF9Mqwfb';
const ETH_SENDER = '0x' + '1'.repeat(40);
const ETH_RECEIVER = '0x' + '2'.repeat(40);
const quiet = { on_error: () => undefined, on_set_aside: () => undefined };

/** Records what it is handed; throws on the observations `poison` names. */
class RecordingHandler implements ObservationHandler {
  readonly seen: ChainObservation[] = [];
  constructor(
    readonly name: string,
    private readonly poison: (observation: ChainObservation) => boolean = () => false,
  ) {}
  handle(observation: ChainObservation): Promise<void> {
    if (this.poison(observation)) return Promise.reject(new Error('handler cannot read this'));
    this.seen.push(observation);
    return Promise.resolve();
  }
}

describe('the chain port and its watcher', () => {
  let database: TestDatabase;
  let pool: Pool;
  let dead_letters: DeadLetters;

  beforeAll(async () => {
    database = await createTestDatabase('crypto_chain');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 6 });
    await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR });
    await DeadLetters.migrate(pool, SCHEMA);
    dead_letters = new DeadLetters(pool, SCHEMA);
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  async function observationsOf(tx_id: string | null): Promise<ChainObservation[]> {
    const all = await new SandboxChain(pool).observationsAfter('0', 1000);
    return all.filter((observation) => observation.tx_id === tx_id);
  }

  it('sees a transfer in the next block and confirms it after the chain confirmations', async () => {
    const chain = new SandboxChain(pool);
    const transfer = await chain.submitInbound({
      chain: 'eth',
      asset: 'USDT',
      from_address: ETH_SENDER,
      to_address: ETH_RECEIVER,
      amount: '25.50',
    });
    expect(transfer.tx_id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await observationsOf(transfer.tx_id)).toEqual([]);

    const first = await chain.step();
    expect(await observationsOf(transfer.tx_id)).toMatchObject([
      {
        status: 'seen',
        confirmations: 1,
        amount: '25.50',
        network_fee: '0.00042',
        reference: null,
      },
    ]);
    await chain.step();
    expect((await observationsOf(transfer.tx_id)).map((o) => o.status)).toEqual(['seen']);
    const third = await chain.step();
    expect(BigInt(third ?? '0') - BigInt(first ?? '0')).toBe(2n);
    expect(await observationsOf(transfer.tx_id)).toMatchObject([
      { status: 'seen' },
      { status: 'confirmed', confirmations: 3, to_address: ETH_RECEIVER },
    ]);
    expect(await chain.step()).toBeNull();
  });

  it('answers a repeated broadcast with its first tx id, and fails an amount ending in .99', async () => {
    const chain = new SandboxChain(pool);
    const request = {
      chain: 'tron' as const,
      asset: 'USDT' as const,
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
    };
    const failing = await chain.broadcast({ ...request, reference: 'w-fail', amount: '10.99' });
    expect(await chain.broadcast({ ...request, reference: 'w-fail', amount: '10.99' })).toEqual(
      failing,
    );
    const paid = await chain.broadcast({ ...request, reference: 'w-paid', amount: '10.98' });
    expect(failing.tx_id).toMatch(/^[0-9a-f]{64}$/);
    await chain.step();
    await chain.step();
    expect(await observationsOf(failing.tx_id)).toMatchObject([
      { status: 'seen', reference: 'w-fail' },
      { status: 'failed', reference: 'w-fail', network_fee: '13.5' },
    ]);
    expect((await observationsOf(paid.tx_id)).map((o) => o.status)).toEqual(['seen', 'confirmed']);
  });

  it('continues the chain after a restart: another instance confirms what the first saw', async () => {
    const before = new SandboxChain(pool);
    const transfer = await before.submitInbound({
      chain: 'btc',
      asset: 'BTC',
      from_address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      to_address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      amount: '0.015',
      reference: 'restart-1',
    });
    const seen_at = await before.step();

    const other_pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 2 });
    const after = new SandboxChain(other_pool);
    expect(await after.height()).toBe(seen_at);
    expect(
      await after.submitInbound({
        chain: 'btc',
        asset: 'BTC',
        from_address: transfer.from_address,
        to_address: transfer.to_address,
        amount: '0.015',
        reference: 'restart-1',
      }),
    ).toMatchObject({ transfer_id: transfer.transfer_id, status: 'seen' });
    expect(BigInt((await after.step()) ?? '0')).toBe(BigInt(seen_at ?? '0') + 1n);
    await other_pool.end();
    expect((await observationsOf(transfer.tx_id)).map((o) => o.status)).toEqual([
      'seen',
      'confirmed',
    ]);
  });

  it('sets a poison observation aside with its reason and hands on the next, cursor kept', async () => {
    const chain = new SandboxChain(pool);
    const start = await new ChainWatcher(pool, chain, [], 50, quiet, dead_letters).poll();
    expect(start).toBeGreaterThan(0);

    const poison = await chain.submitInbound({
      chain: 'tron',
      asset: 'USDT',
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
      amount: '7',
    });
    const healthy = await chain.submitInbound({
      chain: 'tron',
      asset: 'USDT',
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
      amount: '8',
    });
    await chain.step();
    const picky = new RecordingHandler('deposits', (o) => o.tx_id === poison.tx_id);
    const other = new RecordingHandler('withdrawals');
    const watcher = new ChainWatcher(pool, chain, [picky, other], 50, quiet, dead_letters, {
      max_attempts: 1,
      backoff_initial_ms: 1,
    });
    expect(await watcher.poll()).toBe(2);
    expect(picky.seen.map((o) => o.tx_id)).toEqual([healthy.tx_id]);
    expect(other.seen.map((o) => o.tx_id)).toEqual([poison.tx_id, healthy.tx_id]);
    const letters = await dead_letters.list({
      source: WATCHER_DEAD_LETTER_SOURCE,
      limit: 10,
      offset: 0,
    });
    expect(letters.dead_letters).toHaveLength(1);
    expect(letters.dead_letters[0]).toMatchObject({
      reason: expect.stringContaining('cannot read'),
    });

    await chain.step();
    const restarted = new RecordingHandler('deposits');
    const next = new ChainWatcher(pool, chain, [restarted], 50, quiet, dead_letters);
    expect(await next.poll()).toBe(2);
    expect(restarted.seen.map((o) => [o.tx_id, o.status])).toEqual([
      [poison.tx_id, 'confirmed'],
      [healthy.tx_id, 'confirmed'],
    ]);
  });

  it('retries in place a handler that fails once, passing nothing behind it meanwhile', async () => {
    const chain = new SandboxChain(pool);
    await chain.submitInbound({
      chain: 'tron',
      asset: 'USDT',
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
      amount: '9',
    });
    await chain.step();
    let failures = 1;
    const flaky = new RecordingHandler('deposits', () => failures-- > 0);
    const watcher = new ChainWatcher(pool, chain, [flaky], 50, quiet, dead_letters, {
      max_attempts: 3,
      backoff_initial_ms: 1,
    });
    expect(await watcher.poll()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await watcher.poll()).toBe(1);
    expect(flaky.seen).toHaveLength(1);
  });

  it('live: a broadcast waits for the operator, who reports its tx id and what they saw', async () => {
    const live = new LiveChain(pool, 'mainnet');
    const receipt = await live.broadcast({
      reference: 'live-w-1',
      chain: 'tron',
      asset: 'USDT',
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
      amount: '12',
    });
    expect(receipt).toEqual({ tx_id: null });
    expect((await live.pendingBroadcasts(10)).map((t) => t.reference)).toContain('live-w-1');
    const tx_id = 'c'.repeat(64);
    await expect(live.reportBroadcast('live-w-1', '0x' + tx_id)).rejects.toThrow(DomainError);
    expect((await live.reportBroadcast('live-w-1', tx_id.toUpperCase())).tx_id).toBe(tx_id);
    expect((await live.pendingBroadcasts(10)).map((t) => t.reference)).not.toContain('live-w-1');
    await expect(live.reportBroadcast('live-w-1', 'd'.repeat(64))).rejects.toMatchObject({
      code: 'duplicate',
    });

    const observed = await live.reportObservation({
      status: 'confirmed',
      chain: 'tron',
      asset: 'USDT',
      tx_id,
      from_address: TRON_SENDER,
      to_address: TRON_RECEIVER,
      amount: '12',
    });
    expect(observed).toMatchObject({ reference: 'live-w-1', confirmations: 19 });
    const bad = { ...observed, status: 'confirmed' };
    await expect(live.reportObservation({ ...bad, chain: 'sol' })).rejects.toMatchObject({
      code: 'unsupported_chain',
    });
    await expect(live.reportObservation({ ...bad, asset: 'BTC' })).rejects.toMatchObject({
      code: 'invalid_asset',
    });
    await expect(live.reportObservation({ ...bad, to_address: 'T123' })).rejects.toMatchObject({
      code: 'invalid_payload',
    });
    await expect(live.reportObservation({ ...bad, amount: '-1' })).rejects.toMatchObject({
      code: 'invalid_amount',
    });
  });
});
