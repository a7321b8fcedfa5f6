import path from 'node:path';
import type { Pool } from 'pg';
import { MAX_SEGREGATED_WALLETS } from '@platform/contracts';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { SeedVault } from '../infrastructure/keys/seed-vault';
import { walletKeyring } from '../infrastructure/keys/wallet-keyring';
import { openCryptoWalletsEventStore } from '../infrastructure/links/crypto-wallets-events';
import { SegregatedWalletsRepository } from '../infrastructure/segregated/segregated-wallets.repository';
import { SegregatedWallets } from './segregated';

const SCHEMA = 'crypto_wallets';
/** Hardhat's second development key (a published test key, never a real one). */
const CLIENT_KEY = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const CLIENT_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Segregated wallets' keys and limit on a real PostgreSQL. */
describe('segregated wallets: keys at rest and the limit under concurrency', () => {
  let database: TestDatabase;
  let pool: Pool;
  let wallets: SegregatedWallets;

  beforeAll(async () => {
    database = await createTestDatabase('cw_segregated');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    const keyring = walletKeyring('test', {});
    wallets = new SegregatedWallets(
      pool,
      new SegregatedWalletsRepository(pool),
      new SeedVault(pool, keyring, 'testnet'),
      keyring,
      await openCryptoWalletsEventStore(pool, 'test'),
      'testnet',
    );
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('stores an imported key only sealed, bound to its wallet, and exports it back', async () => {
    const actor = { account_id: 'acc-keys', org_id: 'demo' };
    const imported = await wallets.import({ ...actor, chain: 'eth', private_key: CLIENT_KEY });
    expect(imported).toMatchObject({ custody: 'client', address: CLIENT_ADDRESS });
    const { rows } = await pool.query<{ key_sealed: string; derivation_path: string | null }>(
      'select key_sealed, derivation_path from segregated_wallets where wallet_id = $1',
      [imported.wallet_id],
    );
    expect(rows[0]?.derivation_path).toBeNull();
    expect(rows[0]?.key_sealed).not.toContain(CLIENT_KEY);
    expect(Buffer.from(rows[0]?.key_sealed ?? '', 'utf8').toString('hex')).not.toContain(
      CLIENT_KEY,
    );
    expect(await wallets.exportKey(actor.account_id, imported.wallet_id)).toEqual({
      wallet_id: imported.wallet_id,
      address: CLIENT_ADDRESS,
      private_key: CLIENT_KEY,
    });

    // The sealed key moved to another wallet's row does not open there: the wallet id is bound.
    const other = await wallets.import({
      ...actor,
      chain: 'tron',
      private_key: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    });
    await pool.query('update segregated_wallets set key_sealed = $1 where wallet_id = $2', [
      rows[0]?.key_sealed,
      other.wallet_id,
    ]);
    await expect(wallets.exportKey(actor.account_id, other.wallet_id)).rejects.toThrow();
  });

  it('derives a platform wallet at its stored path, so the export controls its address', async () => {
    const actor = { account_id: 'acc-platform', org_id: 'demo' };
    const created = await wallets.create({ ...actor, chain: 'tron', asset: 'USDT' });
    const { rows } = await pool.query<{ derivation_path: string; key_sealed: string | null }>(
      'select derivation_path, key_sealed from segregated_wallets where wallet_id = $1',
      [created.wallet_id],
    );
    expect(rows[0]?.derivation_path).toMatch(/^m\/44'\/195'\/1'\/0\/\d+$/);
    expect(rows[0]?.key_sealed).toBeNull();
    const exported = await wallets.exportKey(actor.account_id, created.wallet_id);
    const imported_elsewhere = await wallets.import({
      account_id: 'acc-elsewhere',
      org_id: 'demo',
      chain: 'tron',
      private_key: exported.private_key,
    });
    expect(imported_elsewhere.address).toBe(created.address);
  });

  it('admits exactly ten wallets when twelve creations race', async () => {
    const actor = { account_id: 'acc-race', org_id: 'demo' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: MAX_SEGREGATED_WALLETS + 2 }, () =>
        wallets.create({ ...actor, chain: 'eth', asset: 'USDT' }),
      ),
    );
    const created = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : [],
    );
    expect(created).toHaveLength(MAX_SEGREGATED_WALLETS);
    expect(refused).toEqual(['wallet_limit_reached', 'wallet_limit_reached']);
    expect((await wallets.list(actor.account_id, 100, 0)).wallets).toHaveLength(
      MAX_SEGREGATED_WALLETS,
    );
  });
});
