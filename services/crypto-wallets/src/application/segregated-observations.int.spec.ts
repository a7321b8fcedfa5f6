import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import { SeedVault } from '../infrastructure/keys/seed-vault';
import { walletKeyring } from '../infrastructure/keys/wallet-keyring';
import { openCryptoWalletsEventStore } from '../infrastructure/links/crypto-wallets-events';
import { SegregatedWalletsRepository } from '../infrastructure/segregated/segregated-wallets.repository';
import { WalletTransfersRepository } from '../infrastructure/segregated/wallet-transfers.repository';
import { SegregatedWallets } from './segregated';
import { SegregatedWalletHistory } from './segregated-history';
import { SegregatedWalletObservations } from './segregated-observations';

const SCHEMA = 'crypto_wallets';
const SENDER = '0x00000000000000000000000000000000000000aa';
const actor = { account_id: 'acc-history', org_id: 'demo' };

/**
 * Segregated wallets' balances and histories from the sandbox chain's observation log, on a
 * real PostgreSQL: the chain mines, the handler reads the log as the watcher hands it over.
 */
describe('segregated wallet observations', () => {
  let database: TestDatabase;
  let pool: Pool;
  let chain: SandboxChain;
  let wallets: SegregatedWallets;
  let history: SegregatedWalletHistory;
  let handler: SegregatedWalletObservations;
  let cursor = '0';

  beforeAll(async () => {
    database = await createTestDatabase('cw_history');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 4 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    const keyring = walletKeyring('test', {});
    const repository = new SegregatedWalletsRepository(pool);
    const transfers = new WalletTransfersRepository(pool);
    wallets = new SegregatedWallets(
      pool,
      repository,
      new SeedVault(pool, keyring, 'testnet'),
      keyring,
      await openCryptoWalletsEventStore(pool, 'test'),
      'testnet',
    );
    history = new SegregatedWalletHistory(repository, transfers);
    handler = new SegregatedWalletObservations(transfers);
    chain = new SandboxChain(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  /** Mines one block and hands every new observation to the handler, twice (replays happen). */
  async function mineAndWatch(): Promise<void> {
    await chain.step();
    const observations = await chain.observationsAfter(cursor, 100);
    for (const observation of observations) await handler.handle(observation);
    for (const observation of observations) await handler.handle(observation);
    cursor = observations.at(-1)?.cursor ?? cursor;
  }

  it('shows a deposit pending once seen, then in the balance once confirmed', async () => {
    const wallet = await wallets.create({ ...actor, chain: 'eth', asset: 'USDT' });
    const bystander = await wallets.create({ ...actor, chain: 'eth', asset: 'USDC' });
    expect(await history.balance(actor.account_id, wallet.wallet_id)).toMatchObject({
      balance: '0',
      pending_inbound: '0',
    });
    await chain.submitInbound({
      chain: 'eth',
      asset: 'USDT',
      from_address: SENDER,
      to_address: wallet.address.toLowerCase(),
      amount: '12.50',
    });
    await mineAndWatch();
    expect(await history.balance(actor.account_id, wallet.wallet_id)).toMatchObject({
      balance: '0',
      pending_inbound: '12.5',
    });
    await mineAndWatch();
    await mineAndWatch();
    expect(await history.balance(actor.account_id, wallet.wallet_id)).toEqual({
      wallet_id: wallet.wallet_id,
      chain: 'eth',
      asset: 'USDT',
      address: wallet.address,
      balance: '12.5',
      pending_inbound: '0',
      pending_outbound: '0',
    });
    const { transactions } = await history.transactions(actor.account_id, wallet.wallet_id, 20, 0);
    expect(transactions).toEqual([
      expect.objectContaining({
        direction: 'in',
        asset: 'USDT',
        amount: '12.5',
        from_address: SENDER,
        status: 'confirmed',
      }),
    ]);
    // Another asset's wallet at another address saw nothing.
    expect(
      (await history.transactions(actor.account_id, bystander.wallet_id, 20, 0)).transactions,
    ).toEqual([]);
  });

  it("answers not_found for another account's wallet", async () => {
    const wallet = await wallets.create({ ...actor, chain: 'tron', asset: 'USDT' });
    await expect(history.balance('acc-other', wallet.wallet_id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(history.transactions('acc-other', wallet.wallet_id, 20, 0)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
