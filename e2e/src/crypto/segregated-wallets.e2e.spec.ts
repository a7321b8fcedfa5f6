import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  eventually,
  expectError,
  heldWallet,
  identityClient,
  json,
  recoverAddress,
  walletsClient,
  withOtp,
  type PublicEvent,
  type SegregatedWalletBody,
  type TestAccount,
  type WalletsClient,
} from '../clients';

/**
 * Segregated wallets over HTTP (decisions D9, spec §4, §5 rule 9): creation with real addresses,
 * the limit of ten, reads scoped to the account, key import and export only in a person's
 * session with 2FA and OTP (the `demo` organization asks OTP for both), the security event of
 * an export, and message signatures that a standard verifier (implemented in the suite's own
 * client) recovers to the wallet's address.
 */
describe('segregated wallets', () => {
  let platform: E2ePlatform;
  let wallets: WalletsClient;
  let identity: ReturnType<typeof identityClient>;
  let events: ReturnType<typeof eventsClient>;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'segwallets' });
    wallets = walletsClient(platform.environments.test);
    identity = identityClient(platform.environments.test);
    events = eventsClient(platform.environments.test);
    [owner, other] = await Promise.all([
      wallets.register('segowner'),
      wallets.register('segother'),
    ]);
  });
  afterAll(async () => platform.close());

  /** `caller` with a fresh verified OTP token of `action` (which also gives its session 2FA). */
  const otp = async (caller: TestAccount, action: 'wallet.import' | 'wallet.export') =>
    withOtp(caller, await identity.otpToken(caller.access_token, action));

  describe('creation and reads', () => {
    it('creates platform-custody wallets with an address of their chain', async () => {
      const tron = await wallets.create(owner, { chain: 'tron', asset: 'USDT', label: 'Treasury' });
      expect(tron).toEqual({
        wallet_id: expect.any(String),
        type: 'segregated',
        custody: 'platform',
        chain: 'tron',
        asset: 'USDT',
        address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
        label: 'Treasury',
        created_at: expect.any(String),
      });
      const eth = await wallets.create(owner, { chain: 'eth', asset: 'USDC' });
      expect(eth).toMatchObject({ chain: 'eth', asset: 'USDC', label: null });
      expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const another = await wallets.create(owner, { chain: 'eth', asset: 'USDT' });
      expect(another.address).not.toBe(eth.address);

      expect(await json(await wallets.get(owner, tron.wallet_id), 200)).toEqual(tron);
      const listed = (await wallets.list(owner)).wallets.map((wallet) => wallet.wallet_id);
      expect(listed).toEqual(expect.arrayContaining([tron.wallet_id, eth.wallet_id]));
      // Newest first.
      expect(listed.indexOf(another.wallet_id)).toBeLessThan(listed.indexOf(tron.wallet_id));
    });

    it("answers 404 for another account's wallet, which it never lists", async () => {
      const mine = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
      await expectError(await wallets.get(other, mine.wallet_id), 404, 'not_found');
      await expectError(await wallets.get(owner, 'not-a-wallet'), 404, 'not_found');
      const theirs = (await wallets.list(other)).wallets.map((wallet) => wallet.wallet_id);
      expect(theirs).not.toContain(mine.wallet_id);
    });

    it('refuses btc, an asset of another chain and unknown fields, creating nothing', async () => {
      const before = (await wallets.list(other)).wallets.length;
      await expectError(
        await wallets.createRaw(other, { chain: 'btc', asset: 'BTC' }),
        400,
        'unsupported_chain',
      );
      await expectError(
        await wallets.createRaw(other, { chain: 'tron', asset: 'USDC' }),
        400,
        'invalid_asset',
      );
      await expectError(
        await wallets.createRaw(other, { chain: 'eth', asset: 'USDT', custody: 'client' }),
        400,
        'invalid_json',
      );
      expect((await wallets.list(other)).wallets.length).toBe(before);
    });

    it('holds at most ten wallets an account: the eleventh is 422 wallet_limit_reached', async () => {
      const full = await wallets.register('segfull');
      for (let created = 0; created < 10; created++)
        await wallets.create(full, { chain: created % 2 ? 'tron' : 'eth', asset: 'USDT' });
      await expectError(
        await wallets.createRaw(full, { chain: 'eth', asset: 'USDT' }),
        422,
        'wallet_limit_reached',
      );
      const imported = heldWallet('eth');
      await expectError(
        await wallets.importRaw(await otp(full, 'wallet.import'), {
          chain: 'eth',
          private_key: imported.private_key_hex,
        }),
        422,
        'wallet_limit_reached',
      );
      expect((await wallets.list(full, '?page_size=100')).wallets).toHaveLength(10);
    });

    it('answers a new wallet with a zero balance and no transactions; another account gets 404', async () => {
      const wallet = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
      expect(await json(await wallets.balance(owner, wallet.wallet_id), 200)).toEqual({
        wallet_id: wallet.wallet_id,
        chain: 'tron',
        asset: 'USDT',
        balance: '0',
        native_coin: 'TRX',
        native_balance: '0',
      });
      expect(await json(await wallets.transactions(owner, wallet.wallet_id), 200)).toEqual({
        page: 1,
        page_size: 20,
        has_more: false,
        transactions: [],
      });
      await expectError(await wallets.balance(other, wallet.wallet_id), 404, 'not_found');
      await expectError(await wallets.transactions(other, wallet.wallet_id), 404, 'not_found');
    });

    it('has no /v1/wallets routes: the old prefix answers 404', async () => {
      const mine = await wallets.create(owner, { chain: 'eth', asset: 'USDT' });
      expect((await wallets.send(owner, 'GET', '/v1/wallets')).status).toBe(404);
      expect(
        (await wallets.send(owner, 'POST', '/v1/wallets', { chain: 'eth', asset: 'USDT' })).status,
      ).toBe(404);
      expect((await wallets.send(owner, 'GET', `/v1/wallets/${mine.wallet_id}`)).status).toBe(404);
    });
  });

  describe('import and export of keys', () => {
    let keeper: TestAccount;
    beforeAll(async () => {
      keeper = await wallets.register('segkeeper');
      // A session with 2FA: what is left to check is the OTP of each action.
      await identity.withSecondFactor(keeper.access_token);
    });
    it('refuses an import without a 2FA session, from an API key, and without OTP', async () => {
      const person = await wallets.register('segimport');
      const key = heldWallet('tron');
      const body = { chain: 'tron', private_key: key.private_key_hex };
      await expectError(await wallets.importRaw(person, body), 403, 'human_session_required');
      const api_key = await identity.issueApiKey(person.access_token);
      await expectError(
        await wallets.importRaw({ headers: { 'x-api-key': api_key } }, body),
        403,
        'human_session_required',
      );
      await identity.withSecondFactor(person.access_token);
      await expectError(await wallets.importRaw(person, body), 403, 'otp_required');
      await expectError(
        await wallets.importRaw(withOtp(person, 'not-a-token'), body),
        403,
        'otp_invalid',
      );
      expect((await wallets.list(person)).wallets).toEqual([]);
    });

    it('imports a client-custody wallet with 2FA and OTP, and exports the same key', async () => {
      const key = heldWallet('eth');
      const imported = await json<SegregatedWalletBody>(
        await wallets.importRaw(await otp(keeper, 'wallet.import'), {
          chain: 'eth',
          private_key: `0x${key.private_key_hex}`,
          label: 'Cold',
        }),
        201,
      );
      expect(imported).toMatchObject({
        custody: 'client',
        chain: 'eth',
        asset: 'USDT',
        address: key.address,
        label: 'Cold',
      });
      // The key is answered to no one but through export.
      expect(JSON.stringify(imported)).not.toContain(key.private_key_hex);

      const exported = await wallets.exportRaw(
        await otp(keeper, 'wallet.export'),
        imported.wallet_id,
      );
      expect(exported.headers.get('cache-control')).toBe('no-store');
      expect(await json(exported, 200)).toEqual({
        wallet_id: imported.wallet_id,
        address: key.address,
        private_key: key.private_key_hex,
      });
      // The same key imported again is the same wallet: refused.
      await expectError(
        await wallets.importRaw(await otp(keeper, 'wallet.import'), {
          chain: 'eth',
          private_key: key.private_key_hex,
        }),
        409,
        'duplicate',
      );
    });

    it('refuses a key that is not a secp256k1 key with invalid_payload', async () => {
      for (const private_key of ['00'.repeat(32), 'zz'.repeat(32), 'abc', 'ff'.repeat(32)])
        await expectError(
          await wallets.importRaw(await otp(keeper, 'wallet.import'), {
            chain: 'tron',
            private_key,
          }),
          400,
          'invalid_payload',
        );
    });

    it("exports a platform wallet's key, which controls its address, and announces wallet_key_exported", async () => {
      const wallet = await wallets.create(keeper, { chain: 'tron', asset: 'USDT' });
      await expectError(await wallets.exportRaw(keeper, wallet.wallet_id), 403, 'otp_required');
      const exported = await json<{ wallet_id: string; address: string; private_key: string }>(
        await wallets.exportRaw(await otp(keeper, 'wallet.export'), wallet.wallet_id),
        200,
      );
      expect(exported.private_key).toMatch(/^[0-9a-f]{64}$/);
      expect(heldWallet('tron', exported.private_key).address).toBe(wallet.address);

      const alerts = await eventually(
        () => events.listed(keeper.access_token, '?types=wallet_key_exported'),
        (listed) => listed.some((event: PublicEvent) => event.data.wallet_id === wallet.wallet_id),
      );
      const alert = alerts.find((event) => event.data.wallet_id === wallet.wallet_id);
      expect(alert?.data).toEqual({
        wallet_id: wallet.wallet_id,
        account_id: keeper.account_id,
        chain: 'tron',
        asset: 'USDT',
        address: wallet.address,
      });
      expect(JSON.stringify(alerts)).not.toContain(exported.private_key);
    });

    it("refuses an API key's export and another account's wallet (404)", async () => {
      const wallet = await wallets.create(keeper, { chain: 'eth', asset: 'USDT' });
      const api_key = await identity.issueApiKey(keeper.access_token);
      await expectError(
        await wallets.exportRaw({ headers: { 'x-api-key': api_key } }, wallet.wallet_id),
        403,
        'human_session_required',
      );
      await expectError(
        await wallets.exportRaw(await otp(other, 'wallet.export'), wallet.wallet_id),
        404,
        'not_found',
      );
    });
  });

  describe('message signatures', () => {
    let signer: TestAccount;
    beforeAll(async () => {
      signer = await wallets.register('segsigner');
    });
    it.each(['eth', 'tron'] as const)(
      'signs with a %s platform wallet; a standard verifier recovers its address',
      async (chain) => {
        const wallet = await wallets.create(signer, { chain, asset: 'USDT' });
        const message = `Proof of control of ${wallet.address} — ${chain} ✓`;
        const signed = await wallets.sign(signer, wallet.wallet_id, message);
        expect(signed).toEqual({
          signature: expect.stringMatching(/^0x[0-9a-f]{128}(1b|1c)$/),
          address: wallet.address,
          chain,
          message,
        });
        expect(recoverAddress(chain, message, signed.signature)).toBe(wallet.address);
        expect(recoverAddress(chain, `${message}.`, signed.signature)).not.toBe(wallet.address);
      },
    );

    it('signs with an imported wallet as its own key does', async () => {
      const key = heldWallet('tron');
      const imported = await json<SegregatedWalletBody>(
        await wallets.importRaw(await otp(signer, 'wallet.import'), {
          chain: 'tron',
          private_key: key.private_key_hex,
        }),
        201,
      );
      const signed = await wallets.sign(signer, imported.wallet_id, 'hello');
      expect(recoverAddress('tron', 'hello', signed.signature)).toBe(key.address);
    });

    it("refuses another account's wallet (404) and an empty message", async () => {
      const wallet = await wallets.create(signer, { chain: 'eth', asset: 'USDT' });
      await expectError(
        await wallets.signRaw(other, wallet.wallet_id, { message: 'x' }),
        404,
        'not_found',
      );
      await expectError(
        await wallets.signRaw(signer, wallet.wallet_id, { message: '' }),
        400,
        'invalid_request',
      );
    });
  });
});
