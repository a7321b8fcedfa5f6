import {
  ledgerClient,
  type LedgerTestAccount as Account,
  type TransferBody as Transfer,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** What D5 demo history leaves in USD on a new account of the test environment. */
const DEMO_USD = '10100.00';

/**
 * Transfers to a phone number over HTTP, on the all-in-one platform: only a verified phone names
 * an account, and a verified phone shared by several accounts is `recipient_ambiguous`.
 */
describe('ledger HTTP: transfers to a verified phone', () => {
  let platform: E2ePlatform;
  let phone_counter = 0;
  // Phones unique to this run, so no other account of the organization holds them.
  const run_digits = String(Date.now()).slice(-6);
  const newPhone = () => `+1555${run_digits}${String(++phone_counter).padStart(3, '0')}`;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'ledgerxferphone' });
  });
  afterAll(async () => platform.close());

  const { call, json, expectError, newTestAccount, createOrganization, available } = ledgerClient(
    () => platform.environments.test,
    'ledger-phone',
  );

  /** Sets the account's phone through its profile; unproven until verified. */
  const setPhone = async (account: Account, phone: string) => {
    await json(await call('PATCH', '/v1/me', account.headers, { phone }), 200);
  };

  /** Proves the account's phone with the D3 sandbox code. */
  const verifyPhone = async (account: Account) => {
    await json(await call('POST', '/v1/me/phone/verification', account.headers, {}), 200);
    const confirmed = await json(
      await call('POST', '/v1/me/phone/verification/confirm', account.headers, {
        code: '000000',
      }),
      200,
    );
    expect(confirmed).toMatchObject({ status: 'phone_verified' });
  };

  const withVerifiedPhone = async (phone: string, org = 'demo'): Promise<Account> => {
    const account = await newTestAccount({ org });
    await setPhone(account, phone);
    await verifyPhone(account);
    return account;
  };

  const transfer = (from: Account, recipient: string, amount = '1.00') =>
    call('POST', '/v1/transfers', from.headers, { recipient, asset: 'USD', amount });

  let payer: Account;
  beforeAll(async () => {
    payer = await newTestAccount();
  });

  it('pays the one account of the organization whose verified phone it is', async () => {
    const phone = newPhone();
    const payee = await withVerifiedPhone(phone);
    // The same verified phone in another organization never matches.
    const slug = `xfer-phone-other-${Date.now()}`;
    await createOrganization(slug);
    await withVerifiedPhone(phone, slug);

    const made = await json<Transfer>(await transfer(payer, ` ${phone} `, '12.34'), 201);
    expect(made).toMatchObject({
      from_account_id: payer.account_id,
      to_account_id: payee.account_id,
      asset: 'USD',
      amount: '12.34',
    });
    expect(await available(payee, 'USD')).toBe('10112.34');

    // GET /v1/resolve stays alias and QR only: a phone-shaped QR payload names no account.
    const qr = encodeURIComponent(`acct:${phone}`);
    await expectError(
      await call('GET', `/v1/resolve?qr=${qr}`, payer.headers),
      404,
      'recipient_not_found',
    );
  });

  it('never matches an unverified phone, even beside a verified one', async () => {
    const phone = newPhone();
    const unproven = await newTestAccount();
    await setPhone(unproven, phone);
    await expectError(await transfer(payer, phone), 404, 'recipient_not_found');

    // A second account proves the same phone: it alone matches, so nothing is ambiguous.
    const proven = await withVerifiedPhone(phone);
    const made = await json<Transfer>(await transfer(payer, phone), 201);
    expect(made.to_account_id).toBe(proven.account_id);
    expect(await available(unproven, 'USD')).toBe(DEMO_USD);

    // Changing the phone drops the proof; setting it back does not restore it.
    await setPhone(proven, newPhone());
    await setPhone(proven, phone);
    const before = await available(payer, 'USD');
    await expectError(await transfer(payer, phone), 404, 'recipient_not_found');
    expect(await available(payer, 'USD')).toBe(before);
  });

  it('answers recipient_ambiguous when two accounts share the verified phone, moving nothing', async () => {
    const phone = newPhone();
    // Identity lets two accounts of one organization hold the same phone.
    const [first, second] = [await withVerifiedPhone(phone), await withVerifiedPhone(phone)];
    const before = await available(payer, 'USD');

    await expectError(await transfer(payer, phone, '5.00'), 422, 'recipient_ambiguous');

    expect(await available(payer, 'USD')).toBe(before);
    expect(await available(first, 'USD')).toBe(DEMO_USD);
    expect(await available(second, 'USD')).toBe(DEMO_USD);
    // Each is still reachable by a form that names one account.
    const by_email = await json<Transfer>(await transfer(payer, second.email, '5.00'), 201);
    expect(by_email.to_account_id).toBe(second.account_id);
  });

  it('treats malformed phone-like text as an alias that names nothing', async () => {
    const before = await available(payer, 'USD');
    for (const recipient of ['+12', '+1 555 000 0000', '+0155500000']) {
      await expectError(await transfer(payer, recipient), 404, 'recipient_not_found');
    }
    expect(await available(payer, 'USD')).toBe(before);
  });
});
