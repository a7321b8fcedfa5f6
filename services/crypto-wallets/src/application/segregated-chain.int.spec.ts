import path from 'node:path';
import Big from 'big.js';
import type { Pool } from 'pg';
import type { CreditFundsCommand } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import { DepositsRepository } from '../infrastructure/deposits.repository';
import { openDepositsEventStore } from '../infrastructure/deposits-store';
import { SeedVault } from '../infrastructure/keys/seed-vault';
import { walletKeyring } from '../infrastructure/keys/wallet-keyring';
import { openCryptoWalletsEventStore } from '../infrastructure/links/crypto-wallets-events';
import { SegregatedChainRepository } from '../infrastructure/segregated-chain.repository';
import { SendsRecovery } from '../infrastructure/wallet-sends/sends-recovery';
import { cryptoWalletsSettingsSchema } from '../crypto-wallets.settings';
import { SegregatedWalletsRepository } from '../infrastructure/segregated/segregated-wallets.repository';
import type { ObservationHandler } from './chain-port';
import { DepositObservations } from './deposit-observations';
import { DepositsService } from './deposits.service';
import { SegregatedChainObservations } from './segregated-chain';
import { SegregatedChainViews } from './segregated-chain-views';
import { SegregatedWallets } from './segregated';
import { WalletSends } from './wallet-sends';

const SCHEMA = 'crypto_wallets';
const MIGRATIONS_DIR = path.join(__dirname, '../../migrations');

/**
 * Segregated wallets on chain on PostgreSQL, with the sandbox chain mined by hand and every
 * observation handed to the handlers twice (as a restarted watcher or a double operator report
 * would): one movement and one event a transfer, balances counted once, and an auto-forward that
 * the deposits handler credits to the ledger once.
 */
describe('segregated wallets on chain', () => {
  let database: TestDatabase;
  let pool: Pool;
  let events: PgEventStore;
  let sandbox: SandboxChain;
  let wallets: SegregatedWallets;
  let views: SegregatedChainViews;
  let repository: SegregatedChainRepository;
  let handlers: ObservationHandler[];
  let sends: WalletSends;
  let recovery: SendsRecovery;
  let cursor = '0';
  const credits: CreditFundsCommand[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('crypto_segchain');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 6 });
    await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR });
    events = await openCryptoWalletsEventStore(pool, 'test');
    const keyring = walletKeyring('test', {});
    const vault = new SeedVault(pool, keyring, 'testnet');
    sandbox = new SandboxChain(pool);
    repository = new SegregatedChainRepository(pool);
    const wallet_rows = new SegregatedWalletsRepository(pool);
    wallets = new SegregatedWallets(pool, wallet_rows, vault, keyring, events, 'testnet');
    views = new SegregatedChainViews(repository, sandbox);
    sends = new WalletSends(repository, wallets, sandbox, events, 'testnet');
    await DeadLetters.migrate(pool, SCHEMA);
    recovery = new SendsRecovery(
      cryptoWalletsSettingsSchema.parse({}),
      new DeadLetters(pool, SCHEMA),
      sends,
      repository,
    );
    const deposits_repository = new DepositsRepository(
      pool,
      await openDepositsEventStore(pool, 'test'),
    );
    const deposits = new DepositsService(deposits_repository, vault, sandbox, sandbox, 'testnet');
    handlers = [
      new DepositObservations(
        deposits_repository,
        { credit: (command) => Promise.resolve(credits.push(command)) },
        { flagged: [], sandbox_rules: true },
      ),
      new SegregatedChainObservations(
        repository,
        sends,
        {
          depositAddress: async (wallet) =>
            (
              await deposits.createWallet({
                account_id: wallet.account_id,
                org_id: wallet.org_id,
                chain: wallet.chain,
                asset: wallet.asset,
              })
            ).wallet.address,
        },
        events,
      ),
    ];
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  /** Mines until nothing is in flight, handing each new observation to every handler twice. */
  const settle = async () => {
    for (let blocks = 0; blocks < 50; blocks++) {
      const mined = await sandbox.step();
      const observations = await sandbox.observationsAfter(cursor, 500);
      for (const observation of observations) {
        for (const handler of handlers) await handler.handle(observation);
        for (const handler of handlers) await handler.handle(observation);
        cursor = observation.cursor;
      }
      if (mined === null && observations.length === 0) return;
    }
    throw new Error('the sandbox chain never settled');
  };

  const eventsOf = async (wallet_id: string) =>
    (await events.readStream(`segregated-wallet-${wallet_id}`)).map((event) => event.type);

  const newWallet = () =>
    wallets.create({ account_id: 'acc-1', org_id: 'org-1', chain: 'tron', asset: 'USDT' });

  it('counts a deposit and a gas top-up observed twice once each', async () => {
    const wallet = await newWallet();
    const ref = { account_id: 'acc-1', wallet_id: wallet.wallet_id };
    await views.externalMovement({ ...ref, direction: 'in', amount: '40' });
    await views.externalMovement({ ...ref, direction: 'in', amount: '20', asset: 'TRX' });
    await settle();

    expect(await views.balance('acc-1', wallet.wallet_id)).toEqual({
      wallet_id: wallet.wallet_id,
      chain: 'tron',
      asset: 'USDT',
      balance: '40',
      native_coin: 'TRX',
      native_balance: '20',
    });
    const listed = await views.transactions('acc-1', wallet.wallet_id, { limit: 10, offset: 0 });
    expect(listed.transactions).toHaveLength(2);
    expect((await eventsOf(wallet.wallet_id)).sort()).toEqual([
      'crypto-wallets.wallet_deposit_received',
      'crypto-wallets.wallet_external_movement_observed',
    ]);
  });

  it('forwards a confirmed deposit once, and the deposit wallet credits it once', async () => {
    const wallet = await newWallet();
    const ref = { account_id: 'acc-1', wallet_id: wallet.wallet_id };
    await views.externalMovement({ ...ref, direction: 'in', amount: '20', asset: 'TRX' });
    await settle();
    await views.setAutoForward('acc-1', wallet.wallet_id, true);
    await views.externalMovement({ ...ref, direction: 'in', amount: '7.5' });
    await settle();

    const [deposit] = (await views.deposits('acc-1', wallet.wallet_id, { limit: 5, offset: 0 }))
      .deposits;
    expect(deposit?.forward).toMatchObject({ status: 'forwarded', reason: null });
    expect(credits.filter((credit) => new Big(credit.amount).eq('7.5'))).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      account_id: 'acc-1',
      asset: 'USDT',
      kind: 'crypto_deposit',
    });
    expect(await views.balance('acc-1', wallet.wallet_id)).toMatchObject({
      balance: '0',
      native_balance: '6.5',
    });
    const sends = (await eventsOf(wallet.wallet_id)).filter(
      (type) => type === 'crypto-wallets.wallet_send_status_changed',
    );
    // pending, broadcast, completed: each once despite the replayed observations.
    expect(sends).toHaveLength(3);
  });

  it('hands a send stored before a crash to the chain, once, and it completes', async () => {
    const wallet = await newWallet();
    const ref = { account_id: 'acc-1', wallet_id: wallet.wallet_id };
    await views.externalMovement({ ...ref, direction: 'in', amount: '20', asset: 'TRX' });
    await views.externalMovement({ ...ref, direction: 'in', amount: '10' });
    await settle();
    // The process died after the send was stored and before the chain had it.
    const stored = await repository.transaction((client) =>
      repository.insertSend(client, {
        send_id: '6f1d2c3b-4a59-4e87-9b10-2c3d4e5f6a7b',
        wallet_id: wallet.wallet_id,
        account_id: 'acc-1',
        org_id: 'org-1',
        chain: 'tron',
        asset: 'USDT',
        from_address: wallet.address,
        to_address: 'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsE',
        amount: '4.000000',
        network_fee: '13.5',
        idempotency_key: 'crashed-send',
        status: 'pending',
        tx_id: null,
        failure_reason: null,
        signature: '0x00',
        created_at: new Date(),
      }),
    );
    expect(await recovery.resumeAbandoned()).toBe(0); // too young: its own request may still run
    await pool.query(
      `update wallet_sends set created_at = now() - interval '1 minute' where send_id = $1`,
      [stored.send_id],
    );
    expect(await recovery.resumeAbandoned()).toBe(1);
    expect(await recovery.resumeAbandoned()).toBe(0);
    await settle();
    const send = await repository.send(stored.send_id, {});
    expect(send).toMatchObject({ status: 'completed' });
    expect(send?.tx_id).toMatch(/^[0-9a-f]{64}$/);
  });
});
