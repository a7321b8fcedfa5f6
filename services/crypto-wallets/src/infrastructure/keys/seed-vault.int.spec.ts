import path from 'node:path';
import type { Pool } from 'pg';
import { Keyring } from '@platform/keyring';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { parseAddress } from '../../domain/chains/addresses';
import { SeedVault } from './seed-vault';
import { walletKeyring } from './wallet-keyring';

const MIGRATIONS_DIR = path.join(__dirname, '../../../migrations');
const SCHEMA = 'crypto_wallets';

describe('SeedVault on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  const keyring = walletKeyring('test', {
    OPERATOR_TOKEN: 'operator-token-of-this-test-0123456789',
  });

  beforeAll(async () => {
    database = await createTestDatabase('seed_vault');
    pool = createPool({ url: database.url, schema: SCHEMA });
    await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('creates one seed under concurrent first use, keeps it sealed, and derives valid addresses', async () => {
    const vaults = [1, 2, 3].map(() => new SeedVault(pool, keyring, 'testnet'));
    const first = await Promise.all(vaults.map((vault) => vault.keyPairAt("m/44'/60'/0'/0/0")));
    const keys = first.map((pair) => Buffer.from(pair.public_key).toString('hex'));
    expect(new Set(keys).size).toBe(1);

    const { rows } = await pool.query<{ seed_sealed: string }>('select seed_sealed from hd_seed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.seed_sealed).toMatch(/^v1\.derived-test\./);

    const tron = await vaults[0]!.nextAddress('tron', 'deposit');
    const btc = await vaults[0]!.nextAddress('btc', 'deposit');
    expect(parseAddress('tron', 'testnet', tron.address)).toBe(tron.address);
    expect(btc.address).toMatch(/^tb1q/);
    expect(btc.derivation_path).toBe("m/84'/1'/0'/0/0");
  });

  it('hands out every index once, across vaults and purposes, and a restart derives the same keys', async () => {
    const vaults = [
      new SeedVault(pool, keyring, 'testnet'),
      new SeedVault(pool, keyring, 'testnet'),
    ];
    const addresses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => vaults[index % 2]!.nextAddress('eth', 'deposit')),
    );
    expect(new Set(addresses.map((derived) => derived.address)).size).toBe(20);
    const segregated = await vaults[0]!.nextAddress('eth', 'segregated');
    expect(segregated.derivation_path).toBe("m/44'/60'/1'/0/0");
    expect(addresses.map((derived) => derived.address)).not.toContain(segregated.address);

    const restarted = new SeedVault(pool, keyring, 'testnet');
    const again = await restarted.keyPairAt(addresses[0]!.derivation_path);
    const before = await vaults[0]!.keyPairAt(addresses[0]!.derivation_path);
    expect(Buffer.from(again.public_key)).toEqual(Buffer.from(before.public_key));
  });

  it('refuses to open the seed with another keyring (the seed is not readable without it)', async () => {
    const stranger = new Keyring([{ id: 'derived-test', key: Buffer.alloc(32, 7) }]);
    await expect(
      new SeedVault(pool, stranger, 'testnet').keyPairAt("m/44'/60'/0'/0/0"),
    ).rejects.toThrow(/failed authentication/);
  });
});
