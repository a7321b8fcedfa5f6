import path from 'node:path';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { createPool, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { WalletLinks } from '../../application/links';
import { parsePrivateKey } from '../../domain/chains/hd-keys';
import { addressFromPublicKey } from '../../domain/chains/addresses';
import { signMessage } from '../../domain/chains/message-signatures';
import { openCryptoWalletsEventStore } from './crypto-wallets-events';
import { WalletLinksRepository } from './wallet-links.repository';

const SCHEMA = 'crypto_wallets';
const ANVIL_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ANVIL_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const actor = { account_id: 'acc-links', org_id: 'demo' };

/** The wallet links' port (`isLinked`) on a real PostgreSQL, through the links it is made of. */
describe('WalletLinksRepository.isLinked', () => {
  let database: TestDatabase;
  let pool: Pool;
  let events: PgEventStore;
  let repository: WalletLinksRepository;
  let links: WalletLinks;

  beforeAll(async () => {
    database = await createTestDatabase('cw_links');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 4 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../../migrations'),
    });
    events = await openCryptoWalletsEventStore(pool, 'test');
    repository = new WalletLinksRepository(pool);
    links = new WalletLinks(pool, repository, events, 'testnet', 600_000);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  async function link(chain: 'eth' | 'tron', private_key_hex: string, account = actor) {
    const pair = parsePrivateKey(private_key_hex);
    if (!pair) throw new Error('test key must parse');
    const address = addressFromPublicKey(chain, 'testnet', pair.public_key);
    const asked = await links.challenge({ ...account, chain, address });
    const signature = signMessage(chain, pair.private_key, asked.message);
    return links.verify({ ...account, challenge_id: asked.challenge_id, signature });
  }

  it('is false before a link, true after it, in any letter case of an eth address', async () => {
    expect(await repository.isLinked(actor.account_id, 'eth', ANVIL_ADDRESS)).toBe(false);
    const linked = await link('eth', ANVIL_KEY);
    expect(linked.address).toBe(ANVIL_ADDRESS);
    expect(await repository.isLinked(actor.account_id, 'eth', ANVIL_ADDRESS)).toBe(true);
    expect(await repository.isLinked(actor.account_id, 'eth', ANVIL_ADDRESS.toLowerCase())).toBe(
      true,
    );
  });

  it('is false for another account, another chain, and once the link is deleted', async () => {
    const tron = await link('tron', ANVIL_KEY);
    expect(await repository.isLinked(actor.account_id, 'tron', tron.address)).toBe(true);
    expect(await repository.isLinked('acc-other', 'tron', tron.address)).toBe(false);
    expect(await repository.isLinked(actor.account_id, 'btc', tron.address)).toBe(false);
    await links.delete(actor.account_id, tron.link_id);
    expect(await repository.isLinked(actor.account_id, 'tron', tron.address)).toBe(false);
    await expect(links.delete(actor.account_id, tron.link_id)).rejects.toEqual(
      new DomainError('not_found', 'no such wallet link'),
    );
  });

  it('records one wallet_linked event per new link, none for a relink of an active one', async () => {
    const before = await pool.query(
      "select count(*)::int as count from crypto_wallets_events.events where type = 'crypto-wallets.wallet_linked'",
    );
    // The eth and tron links of the tests above.
    expect(before.rows[0].count).toBe(2);
    const again = await link('eth', ANVIL_KEY);
    expect(await repository.isLinked(actor.account_id, 'eth', again.address)).toBe(true);
    const after = await pool.query(
      "select count(*)::int as count from crypto_wallets_events.events where type = 'crypto-wallets.wallet_linked'",
    );
    expect(after.rows[0].count).toBe(before.rows[0].count);
  });

  it('links an address once when two challenges of it are verified at the same time', async () => {
    const key = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const pair = parsePrivateKey(key);
    if (!pair) throw new Error('test key must parse');
    const address = addressFromPublicKey('eth', 'testnet', pair.public_key);
    const account = { account_id: 'acc-race', org_id: 'demo' };
    const asked = await Promise.all(
      [1, 2, 3].map(() => links.challenge({ ...account, chain: 'eth', address })),
    );
    const linked = await Promise.all(
      asked.map((challenge) =>
        links.verify({
          ...account,
          challenge_id: challenge.challenge_id,
          signature: signMessage('eth', pair.private_key, challenge.message),
        }),
      ),
    );
    expect(new Set(linked.map((link) => link.link_id)).size).toBe(1);
    const { rows } = await pool.query(
      "select count(*)::int as count from crypto_wallets_events.events where type = 'crypto-wallets.wallet_linked' and data->>'account_id' = 'acc-race'",
    );
    expect(rows[0].count).toBe(1);
  });
});
