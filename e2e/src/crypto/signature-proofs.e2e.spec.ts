import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  eventually,
  expectError,
  json,
  recoverAddress,
  walletsClient,
  type PublicEvent,
  type SegregatedWalletBody,
  type SignatureProofBody,
  type TestAccount,
  type WalletsClient,
} from '../clients';

/**
 * Signature proofs over HTTP (decisions D9): a statement signed by a segregated wallet, which
 * anyone verifies at its public page without credentials, and which a standard verifier (the
 * suite's own) recovers to the wallet's address; listing filters, revocation, scoping.
 */
describe('signature proofs', () => {
  let platform: E2ePlatform;
  let wallets: WalletsClient;
  let events: ReturnType<typeof eventsClient>;
  let owner: TestAccount;
  let other: TestAccount;
  let eth_wallet: SegregatedWalletBody;
  let tron_wallet: SegregatedWalletBody;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'sigproofs' });
    wallets = walletsClient(platform.environments.test);
    events = eventsClient(platform.environments.test);
    [owner, other] = await Promise.all([
      wallets.register('proofowner'),
      wallets.register('proofother'),
    ]);
    eth_wallet = await wallets.create(owner, { chain: 'eth', asset: 'USDT' });
    tron_wallet = await wallets.create(owner, { chain: 'tron', asset: 'USDT' });
  });
  afterAll(async () => platform.close());

  it('signs a statement; its public page verifies it without credentials', async () => {
    const statement = 'We hold 1,000,000 USDT in reserve. 🥵';
    const proof = await wallets.prove(owner, {
      wallet_id: eth_wallet.wallet_id,
      statement,
      purpose: 'proof_of_reserves',
    });
    expect(proof).toEqual({
      proof_id: expect.any(String),
      proof_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{12}$/),
      verify_url: `${platform.environments.test.base_url}/v1/public/signature-proofs/${proof.proof_code}`,
      status: 'signed',
      wallet_id: eth_wallet.wallet_id,
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
      address: eth_wallet.address,
      chain: 'eth',
      statement,
      purpose: 'proof_of_reserves',
      created_at: expect.any(String),
      revoked_at: null,
    });
    // The signed message is the statement: a standard EIP-191 verifier recovers the wallet.
    expect(recoverAddress('eth', statement, proof.signature)).toBe(eth_wallet.address);

    const page = await fetch(proof.verify_url);
    expect(await json(page, 200)).toEqual({
      proof_code: proof.proof_code,
      status: 'signed',
      verified: true,
      statement,
      purpose: 'proof_of_reserves',
      address: eth_wallet.address,
      chain: 'eth',
      signature: proof.signature,
      signed_message_standard: 'EIP-191',
      created_at: proof.created_at,
      revoked_at: null,
    });
    expect(await json(await wallets.proof(owner, proof.proof_id), 200)).toEqual(proof);
  });

  it('signs with a tron wallet under TRON message signing, and announces wallet_signature_created', async () => {
    const proof = await wallets.prove(owner, {
      wallet_id: tron_wallet.wallet_id,
      statement: 'Address control',
      purpose: 'kyc',
    });
    expect(recoverAddress('tron', 'Address control', proof.signature)).toBe(tron_wallet.address);
    expect(await json(await wallets.publicProof(proof.proof_code), 200)).toMatchObject({
      verified: true,
      signed_message_standard: 'TIP-191',
    });
    const announced = await eventually(
      () => events.listed(owner.access_token, '?types=wallet_signature_created'),
      (listed) => listed.some((event: PublicEvent) => event.data.proof_id === proof.proof_id),
    );
    expect(announced.find((event) => event.data.proof_id === proof.proof_id)?.data).toEqual({
      proof_id: proof.proof_id,
      proof_code: proof.proof_code,
      wallet_id: tron_wallet.wallet_id,
      account_id: owner.account_id,
      chain: 'tron',
      address: tron_wallet.address,
      purpose: 'kyc',
      status: 'signed',
      created_at: proof.created_at,
    });
  });

  it('revokes: the proof and its public page show revoked; revoking again answers the same', async () => {
    const proof = await wallets.prove(owner, {
      wallet_id: eth_wallet.wallet_id,
      statement: 'Temporary',
      purpose: 'audit',
    });
    const revoked = await json<SignatureProofBody>(
      await wallets.revokeProof(owner, proof.proof_id),
      200,
    );
    expect(revoked).toMatchObject({ proof_id: proof.proof_id, status: 'revoked' });
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect(await json(await wallets.revokeProof(owner, proof.proof_id), 200)).toEqual(revoked);
    expect(await json(await wallets.publicProof(proof.proof_code), 200)).toMatchObject({
      status: 'revoked',
      revoked_at: revoked.revoked_at,
    });
  });

  it('lists newest first with status, purpose and date filters', async () => {
    const kept = await wallets.prove(owner, {
      wallet_id: tron_wallet.wallet_id,
      statement: 'Listed',
      purpose: 'listing-check',
    });
    const dropped = await wallets.prove(owner, {
      wallet_id: tron_wallet.wallet_id,
      statement: 'Listed and revoked',
      purpose: 'listing-check',
    });
    await json(await wallets.revokeProof(owner, dropped.proof_id), 200);

    const by_purpose = await wallets.proofs(owner, '?purpose=listing-check');
    expect(by_purpose.map((proof) => proof.proof_id)).toEqual([dropped.proof_id, kept.proof_id]);
    const signed = await wallets.proofs(owner, '?purpose=listing-check&status=signed');
    expect(signed.map((proof) => proof.proof_id)).toEqual([kept.proof_id]);
    const revoked = await wallets.proofs(owner, '?status=revoked');
    expect(revoked.every((proof) => proof.status === 'revoked')).toBe(true);
    expect(revoked.map((proof) => proof.proof_id)).toContain(dropped.proof_id);

    // A window far in the past holds none; one around today holds both.
    expect(await wallets.proofs(owner, '?from=2001-01-01&to=2001-12-31')).toEqual([]);
    const around = await wallets.proofs(
      owner,
      '?purpose=listing-check&from=2000-01-01&to=9999-12-30',
    );
    expect(around).toHaveLength(2);
  });

  it('refuses bad filters: invalid_range, invalid_request, invalid_status', async () => {
    await expectError(await wallets.proofsRaw(owner, '?from=2026-02-30'), 400, 'invalid_range');
    await expectError(await wallets.proofsRaw(owner, '?to=2026-13-01'), 400, 'invalid_range');
    await expectError(await wallets.proofsRaw(owner, '?from=yesterday'), 400, 'invalid_request');
    await expectError(await wallets.proofsRaw(owner, '?status=pending'), 400, 'invalid_status');
  });

  it('refuses a bad statement or purpose, and creates nothing', async () => {
    const before = (await wallets.proofs(owner, '?page_size=100')).length;
    const body = { wallet_id: eth_wallet.wallet_id, purpose: 'x' };
    await expectError(
      await wallets.proveRaw(owner, { ...body, statement: 'a'.repeat(281) }),
      400,
      'invalid_statement',
    );
    await expectError(
      await wallets.proveRaw(owner, { ...body, statement: '  ' }),
      400,
      'invalid_statement',
    );
    await expectError(
      await wallets.proveRaw(owner, { ...body, statement: 'ok', purpose: '' }),
      400,
      'invalid_purpose',
    );
    await expectError(
      await wallets.proveRaw(owner, { wallet_id: eth_wallet.wallet_id, statement: 'ok' }),
      400,
      'invalid_request',
    );
    expect((await wallets.proofs(owner, '?page_size=100')).length).toBe(before);
    // 280 characters is the limit, not past it.
    await wallets.prove(owner, { ...body, statement: 'b'.repeat(280) });
  });

  it("keeps proofs to their account: another's wallet, proof and revocation are 404", async () => {
    await expectError(
      await wallets.proveRaw(other, {
        wallet_id: eth_wallet.wallet_id,
        statement: 'Not mine',
        purpose: 'theft',
      }),
      404,
      'not_found',
    );
    const proof = await wallets.prove(owner, {
      wallet_id: eth_wallet.wallet_id,
      statement: 'Mine',
      purpose: 'scoping',
    });
    await expectError(await wallets.proof(other, proof.proof_id), 404, 'not_found');
    await expectError(await wallets.revokeProof(other, proof.proof_id), 404, 'not_found');
    expect((await wallets.proofs(other)).map((item) => item.proof_id)).not.toContain(
      proof.proof_id,
    );
    expect(await json(await wallets.proof(owner, proof.proof_id), 200)).toMatchObject({
      status: 'signed',
    });
  });

  it('answers 404 not_found for an unknown public code', async () => {
    for (const code of ['ABCDEFGHJKMN', 'nope', '%00', 'x'.repeat(90)])
      await expectError(await wallets.publicProof(code), 404, 'not_found');
  });
});
