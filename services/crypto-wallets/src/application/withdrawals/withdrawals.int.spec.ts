import path from 'node:path';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  IDENTITY_DIRECTORY_QUERIES,
  LEDGER_COMMANDS,
} from '@platform/contracts';
import { BusClient, InProcessBus } from '@platform/messaging';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { cryptoWalletsSettingsSchema } from '../../crypto-wallets.settings';
import { SandboxChain } from '../../infrastructure/chain/sandbox-chain';
import { SeedVault } from '../../infrastructure/keys/seed-vault';
import { walletKeyring } from '../../infrastructure/keys/wallet-keyring';
import { WalletLinksRepository } from '../../infrastructure/links/wallet-links.repository';
import { SandboxCounterparty } from '../../infrastructure/travel-rule/sandbox-counterparty';
import { ListedDestinationScreening } from '../../infrastructure/withdrawals/destination-screening';
import { WithdrawalServices } from '../../infrastructure/withdrawals/withdrawal-services';
import { WithdrawalsRepository } from '../../infrastructure/withdrawals/withdrawals.repository';
import { openWithdrawalsEventStore } from '../../infrastructure/withdrawals/withdrawals-store';
import { WithdrawalsWorker } from '../../infrastructure/withdrawals/withdrawals-worker';
import type { BroadcastRequest, ChainPort } from '../chain-port';
import { WithdrawalCreation } from './withdrawal-creation';
import { WithdrawalObservations } from './withdrawal-observations';
import { WithdrawalSteps } from './withdrawal-steps';

const SCHEMA = 'crypto_wallets';
const MIGRATIONS_DIR = path.join(__dirname, '../../../migrations');
const TRON_RECEIVER = 'TRbkuCKpqPCFEnWTExeeuADA4pNF9Mqwfb';

/**
 * The ledger as the withdrawals see it over the bus: holds by id, and every money command it
 * was sent (the ledger itself is proven by its own suites; here what matters is which commands
 * withdrawals send, and how often).
 */
class LedgerOnTheBus {
  readonly holds = new Map<string, 'held' | 'posted' | 'released'>();
  readonly operations: { command: string; operation_id: string }[] = [];

  async serveOn(bus: InProcessBus): Promise<void> {
    const ok = (value: unknown) => Promise.resolve({ ok: true, value });
    const money = (command: string, next: 'held' | 'posted' | 'released') => (payload: unknown) => {
      const { hold_id, operation_id } = payload as { hold_id: string; operation_id: string };
      this.operations.push({ command, operation_id });
      if (next !== 'held' && !this.holds.has(hold_id)) {
        return Promise.resolve({ ok: false, error: 'not_found', message: 'no such hold' });
      }
      this.holds.set(hold_id, next);
      return ok({});
    };
    await bus.serve(LEDGER_COMMANDS.place_hold.name, money('place_hold', 'held'));
    await bus.serve(LEDGER_COMMANDS.post_hold.name, money('post_hold', 'posted'));
    await bus.serve(LEDGER_COMMANDS.release_hold.name, money('release_hold', 'released'));
    await bus.serve(LEDGER_COMMANDS.get_rates.name, () =>
      ok({
        assets: [
          {
            asset: 'USDT',
            decimals: 6,
            convertible: true,
            same_currency_only: false,
            usd_per_unit: '1',
          },
        ],
      }),
    );
    await bus.serve(IDENTITY_DIRECTORY_QUERIES.get_org_settings.name, () =>
      ok({ timezone: 'UTC' }),
    );
    await bus.serve(CRYPTO_WITHDRAWAL_COMMANDS.open_review.name, () =>
      ok({ review_id: '00000000-0000-4000-8000-000000000001' }),
    );
  }

  count(command: string): number {
    return this.operations.filter((operation) => operation.command === command).length;
  }
}

/** The real sandbox chain, unreachable while `down` (a crash or outage before the broadcast). */
class InterruptibleChain implements ChainPort {
  down = true;
  constructor(private readonly chain: SandboxChain) {}
  requiredConfirmations(chain: BroadcastRequest['chain']): number {
    return this.chain.requiredConfirmations(chain);
  }
  broadcast(request: BroadcastRequest) {
    if (this.down) return Promise.reject(new Error('chain unreachable'));
    return this.chain.broadcast(request);
  }
  observationsAfter(cursor: string, limit: number) {
    return this.chain.observationsAfter(cursor, limit);
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the expected state was never reached');
}

describe('crypto withdrawals on PostgreSQL: crash safety and the observation log', () => {
  let database: TestDatabase;
  let pool: Pool;
  let bus: InProcessBus;
  let ledger: LedgerOnTheBus;
  let sandbox: SandboxChain;
  let chain: InterruptibleChain;
  let withdrawals: WithdrawalsRepository;
  let steps: WithdrawalSteps;
  let creation: WithdrawalCreation;
  let observations: WithdrawalObservations;
  let services: WithdrawalServices;
  let dead_letters: DeadLetters;
  let store: PgEventStore;
  const settings = cryptoWalletsSettingsSchema.parse({
    SANDBOX_STEP_MS: '20',
    WITHDRAWALS_CLAIM_RECOVERY_MS: '200',
  });

  beforeAll(async () => {
    database = await createTestDatabase('crypto_withdrawals');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR });
    await DeadLetters.migrate(pool, SCHEMA);
    dead_letters = new DeadLetters(pool, SCHEMA);
    bus = new InProcessBus();
    ledger = new LedgerOnTheBus();
    await ledger.serveOn(bus);
    sandbox = new SandboxChain(pool);
    chain = new InterruptibleChain(sandbox);
    store = await openWithdrawalsEventStore(pool, 'test');
    withdrawals = new WithdrawalsRepository(pool, store);
    services = new WithdrawalServices(new BusClient(bus));
    const vault = new SeedVault(pool, walletKeyring('test', settings), 'testnet');
    steps = new WithdrawalSteps(withdrawals, services, vault, chain);
    creation = new WithdrawalCreation(
      'testnet',
      settings,
      new WalletLinksRepository(pool),
      new SandboxCounterparty(),
      new ListedDestinationScreening({ flagged: [], sandbox_rules: true }),
      withdrawals,
      services,
      steps,
    );
    observations = new WithdrawalObservations(steps);
  });

  afterAll(async () => {
    await bus.close();
    await pool.end();
    await database.drop();
  });

  /** Steps the sandbox chain and hands every new observation to the withdrawals' handler. */
  let cursor = '0';
  async function mineAndObserve(blocks: number): Promise<void> {
    for (let block = 0; block < blocks; block += 1) await sandbox.step();
    for (const observation of await sandbox.observationsAfter(cursor, 1000)) {
      await observations.handle(observation);
      // Delivered twice, as a restarted watcher would: the second decides nothing.
      await observations.handle(observation);
      cursor = observation.cursor;
    }
  }

  const create = (key: string, amount: string) =>
    creation.create(
      {
        account_id: 'acc-1',
        org_id: 'org-1',
        idempotency_key: key,
        request: { chain: 'tron', asset: 'USDT', amount, to_address: TRON_RECEIVER },
      },
      null,
    );

  it('broadcasts, after a restart, a stored withdrawal whose broadcast never happened', async () => {
    chain.down = true;
    const created = await create('crash-1', '12.5');
    expect(created).toMatchObject({ status: 'pending', tx_id: null });
    expect(ledger.holds.get(`crypto-withdrawal:${created.withdrawal_id}`)).toBe('held');

    chain.down = false;
    const worker = new WithdrawalsWorker(
      settings,
      dead_letters,
      steps,
      withdrawals,
      services,
      store,
    );
    await worker.onApplicationBootstrap();
    try {
      const broadcast = await until(
        () => withdrawals.find(created.withdrawal_id),
        (state) => state?.status === 'processing',
      );
      expect(broadcast?.tx_id).toEqual(expect.any(String));
    } finally {
      await worker.onApplicationShutdown();
    }
    await mineAndObserve(3);
    expect(await withdrawals.find(created.withdrawal_id)).toMatchObject({ status: 'completed' });
    expect(ledger.holds.get(`crypto-withdrawal:${created.withdrawal_id}`)).toBe('posted');
    const posts = ledger.operations.filter(
      (operation) => operation.operation_id === `crypto-withdrawal-post:${created.withdrawal_id}`,
    );
    expect(posts).toHaveLength(1);
  });

  it('releases the hold of a .99 transfer the chain failed, once', async () => {
    const created = await create('fails-1', '4.99');
    expect(created.status).toBe('processing');
    await mineAndObserve(3);
    expect(await withdrawals.find(created.withdrawal_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'chain_failed',
    });
    expect(ledger.holds.get(`crypto-withdrawal:${created.withdrawal_id}`)).toBe('released');
    expect(
      ledger.operations
        .filter((operation) => operation.operation_id.endsWith(created.withdrawal_id))
        .map((operation) => operation.command),
    ).toEqual(['place_hold', 'release_hold']);
  });

  it('gives back the hold and the key of a create cut short before it was stored', async () => {
    const withdrawal_id = '11111111-2222-4333-8444-555555555555';
    await withdrawals.claim({
      withdrawal_id,
      account_id: 'acc-1',
      org_id: 'org-1',
      idempotency_key: 'cut-short',
      request_fingerprint: 'whatever it was',
    });
    ledger.holds.set(`crypto-withdrawal:${withdrawal_id}`, 'held');
    const worker = new WithdrawalsWorker(
      settings,
      dead_letters,
      steps,
      withdrawals,
      services,
      store,
    );
    await worker.onApplicationBootstrap();
    try {
      await until(
        () => withdrawals.findClaim('acc-1', 'cut-short'),
        (claim) => claim === null,
      );
    } finally {
      await worker.onApplicationShutdown();
    }
    expect(ledger.holds.get(`crypto-withdrawal:${withdrawal_id}`)).toBe('released');
    // The key is free: the client's retry creates the withdrawal.
    expect((await create('cut-short', '1')).status).toBe('processing');
  });

  it('writes a status event per change, in order, for the relay', async () => {
    const created = await create('events-1', '2');
    await mineAndObserve(3);
    const recorded = await store.readStream(`withdrawal-${created.withdrawal_id}`);
    expect(recorded.map((event) => event.type)).toEqual([
      'crypto-wallets.withdrawal_status_changed',
      'crypto-wallets.withdrawal_status_changed',
      'crypto-wallets.withdrawal_status_changed',
    ]);
    expect(recorded.map((event) => (event.data as { status: string }).status)).toEqual([
      'pending',
      'processing',
      'completed',
    ]);
  });

  it('skips observations that are not its own', async () => {
    await expect(
      observations.handle({
        cursor: '999999',
        status: 'confirmed',
        chain: 'tron',
        asset: 'USDT',
        tx_id: 'tx-inbound',
        from_address: TRON_RECEIVER,
        to_address: TRON_RECEIVER,
        amount: '1',
        network_fee: '0',
        confirmations: 2,
        reference: 'send-not-a-withdrawal',
        observed_at: new Date().toISOString(),
      }),
    ).resolves.toBeUndefined();
  });
});
