import { startPlatform, type E2ePlatform } from '../harness';
import {
  CRYPTO_SENDERS,
  cryptoClient,
  expectError,
  type CryptoClient,
  type TestAccount,
} from '../clients';

const SANCTIONED_ETH = '0x8576aCC5C05D6Ce88f4e49bf65BdF0C62F91353C';

/**
 * Address screening over HTTP (decisions D9): the configured flagged-address list and the
 * sandbox endings, the account's own history, and refusals with the spec's codes.
 */
describe('address screening', () => {
  let platform: E2ePlatform;
  let crypto: CryptoClient;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'addrscreen',
      settings: {
        CRYPTO_FLAGGED_ADDRESSES: JSON.stringify([
          {
            chain: 'eth',
            address: SANCTIONED_ETH.toLowerCase(),
            risk: 'severe',
            category: 'sanctions',
          },
          { chain: 'eth', address: SANCTIONED_ETH, risk: 'high', category: 'mixer' },
        ]),
      },
    });
    crypto = cryptoClient(platform.environments.test);
    [owner, other] = await Promise.all([crypto.register('scrown'), crypto.register('scroth')]);
  });
  afterAll(async () => platform.close());

  it('rates an address on no list low, with no category', async () => {
    const screening = await crypto.screen(owner, 'tron', CRYPTO_SENDERS.tron.plain);
    expect(screening).toEqual({
      screening_id: expect.any(String),
      account_id: owner.account_id,
      chain: 'tron',
      address: CRYPTO_SENDERS.tron.plain,
      risk: 'low',
      categories: [],
      created_at: expect.any(String),
    });
  });

  it('rates a listed address by its highest entry, whatever the letter case sent', async () => {
    const screening = await crypto.screen(owner, 'eth', SANCTIONED_ETH.toLowerCase());
    expect(screening).toMatchObject({
      address: SANCTIONED_ETH,
      risk: 'severe',
      categories: ['mixer', 'sanctions'],
    });
  });

  it('applies the sandbox endings: bad is severe, risk is high', async () => {
    expect(await crypto.screen(owner, 'tron', CRYPTO_SENDERS.tron.bad)).toMatchObject({
      risk: 'severe',
    });
    expect(await crypto.screen(owner, 'btc', CRYPTO_SENDERS.btc.risk)).toMatchObject({
      risk: 'high',
    });
  });

  it("lists the account's screenings newest first, and none of another's", async () => {
    const listed = await crypto.screenings(owner);
    expect(listed.screenings.length).toBe(4);
    expect(listed.screenings[0]).toMatchObject({ chain: 'btc', risk: 'high' });
    expect(listed.screenings.every((row) => row.account_id === owner.account_id)).toBe(true);
    const paged = await crypto.screenings(owner, '?page=2&page_size=3');
    expect(paged).toMatchObject({ page: 2, page_size: 3 });
    expect(paged.screenings).toHaveLength(1);
    expect((await crypto.screenings(other)).screenings).toEqual([]);
  });

  it('refuses a chain, an address of another chain or a bad body, recording nothing', async () => {
    await expectError(
      await crypto.screenRaw(other, { chain: 'sol', address: CRYPTO_SENDERS.tron.plain }),
      400,
      'unsupported_chain',
    );
    await expectError(
      await crypto.screenRaw(other, { chain: 'eth', address: CRYPTO_SENDERS.tron.plain }),
      400,
      'invalid_payload',
    );
    await expectError(
      await crypto.screenRaw(other, {
        chain: 'btc',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      }),
      400,
      'invalid_payload',
    );
    await expectError(
      await crypto.screenRaw(other, { chain: 'tron', address: CRYPTO_SENDERS.tron.plain, note: 1 }),
      400,
      'invalid_json',
    );
    await expectError(await crypto.screenRaw(other, { chain: 'tron' }), 400, 'invalid_request');
    expect((await crypto.screenings(other)).screenings).toEqual([]);
  });
});
