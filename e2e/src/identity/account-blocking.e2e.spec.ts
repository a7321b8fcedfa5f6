import { randomUUID } from 'node:crypto';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventually,
  expectError,
  identityClient,
  json,
  ledgerClient,
  pix,
  uniqueEmail,
  verificationClient,
  type TestAccount,
} from '../clients';

interface BlockState {
  account_id: string;
  status: string;
  blocked_reason: string | null;
  blocked_at: string | null;
}

interface ServiceEntry {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
}

/**
 * The platform operator blocks (suspends) and unblocks an account (spec §7 `account_blocked`,
 * decisions D8). A blocked account keeps its sessions and API keys: it may read, refresh and sign
 * out; every other request answers 403 `account_blocked` and changes nothing.
 */
describe('identity: blocked accounts', () => {
  let platform: E2ePlatform;
  const target = () => platform.environments.test;
  const identity = identityClient(target);
  const kyc = verificationClient(target);
  const ledger = ledgerClient(target, 'blocking');

  beforeAll(async () => {
    platform = await startPlatform({ label: 'blocking' });
  });
  afterAll(async () => platform.close());

  const block = (account_id: string, body?: unknown) =>
    identity.operator('POST', `/admin/v1/accounts/${account_id}/block`, body);
  const unblock = (account_id: string) =>
    identity.operator('POST', `/admin/v1/accounts/${account_id}/unblock`);

  const get = (route: string, token: string) => identity.request('GET', route, { token });
  const send = (method: string, route: string, token: string, body?: unknown) =>
    identity.request(method, route, { token, body });

  const profile = async (token: string) =>
    json<{ status: string; display_name: string }>(await get('/v1/me', token), 200);
  const services = async (token: string) =>
    (await json<{ services: ServiceEntry[] }>(await get('/v1/services', token), 200)).services;
  const apiKeyIds = async (token: string) =>
    (
      await json<{ api_keys: { api_key_id: string }[] }>(await get('/v1/api-keys', token), 200)
    ).api_keys.map((key) => key.api_key_id);

  const payoutsOf = async (token: string) =>
    (await json<{ payouts: unknown[] }>(await get('/v1/payouts', token), 200)).payouts;

  /** A sandbox account the operator made unverified, with 2FA: a link would be issued (201). */
  const linkReadyAccount = (label: string): Promise<TestAccount> => kyc.unverifiedAccount(label);

  it('lets a blocked account read, and refuses its writes with account_blocked, changing nothing', async () => {
    const account = await linkReadyAccount('blocked');
    const recipient = await ledger.newTestAccount();
    const api_key = await identity.issueApiKey(account.access_token, 'before the block');
    const keys_before = await apiKeyIds(account.access_token);
    const verification_before = await json(await kyc.verification(account), 200);

    const blocked = await json<BlockState>(
      await block(account.account_id, { reason: '  chargeback review ' }),
      200,
    );
    expect(blocked).toEqual({
      account_id: account.account_id,
      status: 'blocked',
      blocked_reason: 'chargeback review',
      blocked_at: expect.any(String),
    });
    // Idempotent: blocking again answers the block in force.
    expect(await json(await block(account.account_id, { reason: 'another' }), 200)).toEqual(
      blocked,
    );

    // Reads still answer, by session and by API key.
    expect(await profile(account.access_token)).toMatchObject({ status: 'blocked' });
    expect(await profile(api_key)).toMatchObject({ status: 'blocked' });
    const listed = await services(account.access_token);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((entry) => !entry.enabled)).toBe(true);
    expect(new Set(listed.map((entry) => entry.disabled_reason))).toEqual(
      new Set(['account_blocked']),
    );
    const integration = await json<{ account_status: string; checks: Record<string, boolean> }>(
      await get('/v1/integration-status', api_key),
      200,
    );
    expect(integration).toMatchObject({
      account_status: 'blocked',
      checks: { account_active: false },
    });
    const balances_before = await ledger.balances({ headers: { 'x-api-key': api_key } });
    const payouts_before = await payoutsOf(api_key);
    const recipient_before = await ledger.balances(recipient);

    // The verification link, with the session that has 2FA.
    await expectError(
      await send('POST', '/v1/me/verification/link', account.access_token),
      403,
      'account_blocked',
    );
    expect(await json(await kyc.verification(account), 200)).toEqual(verification_before);

    // Money, by API key: a payout and a transfer.
    await expectError(
      await send('POST', '/v1/payouts', api_key, {
        ...pix('10.00'),
        idempotency_key: 'blocked-payout',
      }),
      403,
      'account_blocked',
    );
    await expectError(
      await send('POST', '/v1/transfers', api_key, {
        recipient: recipient.email,
        asset: 'USD',
        amount: '1.00',
      }),
      403,
      'account_blocked',
    );
    // Credentials and profile, by session.
    await expectError(
      await send('POST', '/v1/api-keys', account.access_token, { label: 'during the block' }),
      403,
      'account_blocked',
    );
    await expectError(
      await send('PATCH', '/v1/me', account.access_token, { display_name: 'Renamed' }),
      403,
      'account_blocked',
    );

    expect(await ledger.balances({ headers: { 'x-api-key': api_key } })).toEqual(balances_before);
    expect(await ledger.balances(recipient)).toEqual(recipient_before);
    expect(await payoutsOf(api_key)).toEqual(payouts_before);
    expect(await apiKeyIds(account.access_token)).toEqual(keys_before);
    expect((await profile(account.access_token)).display_name).toBe('Ada Lovelace');
  });

  it('lets a blocked account refresh its session and sign out', async () => {
    const account = await linkReadyAccount('blockedrefresh');
    await json(await block(account.account_id), 200);

    const refreshed = await json<{ access_token: string }>(
      await identity.request('POST', '/v1/auth/refresh', {
        body: { refresh_token: account.session.refresh_token },
      }),
      200,
    );
    expect(await profile(refreshed.access_token)).toMatchObject({ status: 'blocked' });

    const signed_out = await json<{ revoked: number }>(
      await send('POST', '/v1/me/sessions/revoke-all', refreshed.access_token),
      200,
    );
    expect(signed_out.revoked).toBeGreaterThan(0);
    await expectError(await get('/v1/me', refreshed.access_token), 401, 'unauthorized');
  });

  it('unblocks an account: its services return, the link is issued and its API key moves money', async () => {
    const account = await linkReadyAccount('unblocked');
    const recipient = await ledger.newTestAccount();
    const api_key = await identity.issueApiKey(account.access_token);
    await json(await block(account.account_id, { reason: 'review' }), 200);

    const active = {
      account_id: account.account_id,
      status: 'active',
      blocked_reason: null,
      blocked_at: null,
    };
    expect(await json(await unblock(account.account_id), 200)).toEqual(active);
    // Idempotent: unblocking an active account answers it unchanged.
    expect(await json(await unblock(account.account_id), 200)).toEqual(active);

    expect(await profile(account.access_token)).toMatchObject({ status: 'active' });
    const payouts = (await services(account.access_token)).find(
      (entry) => entry.name === 'payouts',
    );
    expect(payouts).toEqual({ name: 'payouts', enabled: true, disabled_reason: null });
    expect(await kyc.link(account)).toMatchObject({ kind: 'kyc' });
    await json(
      await send('POST', '/v1/transfers', api_key, {
        recipient: recipient.email,
        asset: 'USD',
        amount: '1.00',
      }),
      201,
    );
  });

  it('answers 404 for an unknown account and 409 for one still pending registration', async () => {
    await expectError(await block(randomUUID(), { reason: 'x' }), 404, 'not_found');
    await expectError(await unblock(randomUUID()), 404, 'not_found');
    await expectError(await block('not-an-account'), 404, 'not_found');

    const email = uniqueEmail('blockpending');
    await json(await identity.register(email), 201);
    const [mail] = await eventually(
      () => identity.mailboxFor(email),
      (messages) => messages.some((message) => message.account_id !== null),
    );
    const pending_id = mail!.account_id!;
    await expectError(await block(pending_id), 409, 'account_not_confirmed');
    await expectError(await unblock(pending_id), 409, 'account_not_confirmed');
    // Still pending: confirming opens an active account.
    const confirmed = await json<{ account: { id: string; status: string } }>(
      await identity.request('POST', '/v1/auth/register/confirm', {
        body: { org: 'demo', email, code: '000000' },
      }),
      200,
    );
    expect(confirmed.account).toMatchObject({ id: pending_id, status: 'active' });
  });

  it('refuses a bad block request and any credential but the operator, changing nothing', async () => {
    const account = await linkReadyAccount('blockrefused');
    await expectError(
      await block(account.account_id, { reason: 'x'.repeat(501) }),
      400,
      'invalid_request',
    );
    await expectError(await block(account.account_id, { why: 'x' }), 400, 'invalid_json');
    await expectError(
      await identity.request('POST', `/admin/v1/accounts/${account.account_id}/block`, {
        token: account.access_token,
        body: {},
      }),
      401,
      'unauthorized',
    );
    expect(await profile(account.access_token)).toMatchObject({ status: 'active' });
  });
});
