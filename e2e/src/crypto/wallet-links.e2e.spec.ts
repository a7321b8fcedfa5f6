import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  eventually,
  expectError,
  heldWallet,
  json,
  signWith,
  walletsClient,
  type PublicEvent,
  type TestAccount,
  type WalletsClient,
} from '../clients';

/** A challenge lives this long in this suite, so that one can be seen to expire. */
const CHALLENGE_TTL_MS = 4_000;

/**
 * Wallet links over HTTP (decisions D9): the account signs the challenge with a key only the
 * suite holds, as its own wallet software would; the platform links the address only for a real
 * signature by that address of that message, before the challenge expires, once.
 */
describe('wallet links', () => {
  let platform: E2ePlatform;
  let wallets: WalletsClient;
  let events: ReturnType<typeof eventsClient>;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'walletlinks',
      settings: { WALLET_LINK_CHALLENGE_TTL_MS: String(CHALLENGE_TTL_MS) },
    });
    wallets = walletsClient(platform.environments.test);
    events = eventsClient(platform.environments.test);
    [owner, other] = await Promise.all([
      wallets.register('linkowner'),
      wallets.register('linkother'),
    ]);
  });
  afterAll(async () => platform.close());

  it.each(['eth', 'tron'] as const)(
    'links a %s wallet whose key signed the challenge, and announces wallet_linked',
    async (chain) => {
      const wallet = heldWallet(chain);
      const asked = await wallets.challenge(owner, wallet);
      expect(asked.message).toContain(owner.account_id);
      expect(asked.message).toContain(wallet.address);
      expect(Date.parse(asked.expires_at)).toBeGreaterThan(0);

      const linked = await json<Record<string, unknown>>(
        await wallets.verifyRaw(owner, {
          challenge_id: asked.challenge_id,
          signature: signWith(wallet, asked.message),
        }),
        201,
      );
      expect(linked).toEqual({
        link_id: expect.any(String),
        chain,
        address: wallet.address,
        linked_at: expect.any(String),
      });
      expect((await wallets.links(owner)).map((link) => link.link_id)).toContain(linked.link_id);

      const announced = await eventually(
        () => events.listed(owner.access_token, '?types=wallet_linked'),
        (listed) => listed.some((event: PublicEvent) => event.data.link_id === linked.link_id),
      );
      const event = announced.find((item) => item.data.link_id === linked.link_id);
      expect(event?.data).toEqual({ ...linked, account_id: owner.account_id });
    },
  );

  it('refuses a signature by another key with invalid_payload, and links nothing', async () => {
    const wallet = heldWallet('eth');
    const impostor = heldWallet('eth');
    const asked = await wallets.challenge(owner, wallet);
    await expectError(
      await wallets.verifyRaw(owner, {
        challenge_id: asked.challenge_id,
        signature: signWith(impostor, asked.message),
      }),
      400,
      'invalid_payload',
    );
    expect((await wallets.links(owner)).map((link) => link.address)).not.toContain(wallet.address);
    // The challenge is still open: the right key links with it.
    await json(
      await wallets.verifyRaw(owner, {
        challenge_id: asked.challenge_id,
        signature: signWith(wallet, asked.message),
      }),
      201,
    );
  });

  it('refuses a signature of a tampered message, a malformed one and a used challenge', async () => {
    const wallet = heldWallet('tron');
    const asked = await wallets.challenge(owner, wallet);
    const tampered = asked.message.replace(owner.account_id, other.account_id);
    expect(tampered).not.toBe(asked.message);
    for (const signature of [signWith(wallet, tampered), '0x1234', `0x${'ab'.repeat(65)}`])
      await expectError(
        await wallets.verifyRaw(owner, { challenge_id: asked.challenge_id, signature }),
        400,
        'invalid_payload',
      );
    const body = { challenge_id: asked.challenge_id, signature: signWith(wallet, asked.message) };
    await json(await wallets.verifyRaw(owner, body), 201);
    await expectError(await wallets.verifyRaw(owner, body), 409, 'challenge_not_pending');
  });

  it('refuses an expired challenge with challenge_not_pending', async () => {
    const wallet = heldWallet('eth');
    const asked = await wallets.challenge(owner, wallet);
    const body = { challenge_id: asked.challenge_id, signature: signWith(wallet, asked.message) };
    // Waits for the platform's clock to pass the expiry it announced, never asserting on time.
    await eventually(
      async () => Date.now(),
      (now) => now > Date.parse(asked.expires_at) + 500,
      { attempts: 400, poll_ms: 50 },
    );
    await expectError(await wallets.verifyRaw(owner, body), 409, 'challenge_not_pending');
    expect((await wallets.links(owner)).map((link) => link.address)).not.toContain(wallet.address);
  });

  it('refuses btc, unknown chains and addresses of another chain', async () => {
    const eth = heldWallet('eth');
    await expectError(
      await wallets.challengeRaw(owner, {
        chain: 'btc',
        address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      }),
      400,
      'unsupported_chain',
    );
    await expectError(
      await wallets.challengeRaw(owner, { chain: 'tron', address: eth.address }),
      400,
      'invalid_payload',
    );
    await expectError(
      await wallets.challengeRaw(owner, { chain: 'eth', address: 'not-an-address' }),
      400,
      'invalid_payload',
    );
    await expectError(
      await wallets.challengeRaw(owner, { chain: 'eth', address: eth.address, extra: 1 }),
      400,
      'invalid_json',
    );
  });

  it("keeps links to their account: another account's challenge and link are 404", async () => {
    const wallet = heldWallet('eth');
    const asked = await wallets.challenge(owner, wallet);
    await expectError(
      await wallets.verifyRaw(other, {
        challenge_id: asked.challenge_id,
        signature: signWith(wallet, asked.message),
      }),
      404,
      'not_found',
    );
    const linked = await wallets.link(owner, heldWallet('tron'));
    expect((await wallets.links(other)).map((link) => link.link_id)).not.toContain(linked.link_id);
    await expectError(await wallets.unlink(other, linked.link_id), 404, 'not_found');
    expect((await wallets.links(owner)).map((link) => link.link_id)).toContain(linked.link_id);
  });

  it('unlinks: the link leaves the list, and a second delete is 404', async () => {
    const linked = await wallets.link(owner, heldWallet('eth'));
    expect(await json(await wallets.unlink(owner, linked.link_id), 200)).toEqual({
      link_id: linked.link_id,
      deleted: true,
    });
    expect((await wallets.links(owner)).map((link) => link.link_id)).not.toContain(linked.link_id);
    await expectError(await wallets.unlink(owner, linked.link_id), 404, 'not_found');
    await expectError(await wallets.unlink(owner, 'not-a-link'), 404, 'not_found');
  });
});
