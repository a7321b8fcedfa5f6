import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventsClient,
  eventually,
  ledgerClient,
  type LedgerTestAccount as Account,
  type TransferBody as Transfer,
} from '../clients';

/** Internal transfers over HTTP. */
describe('ledger HTTP: transfers', () => {
  let platform: E2ePlatform;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'ledgerxfer' });
  });
  afterAll(async () => platform.close());

  const { call, json, expectError, register, newTestAccount, createOrganization, available } =
    ledgerClient(() => platform.environments.test, 'ledger-xfer');
  const events = eventsClient(() => platform.environments.test);

  const transfer = (from: Account, body: Record<string, unknown>, headers = {}) =>
    call('POST', '/v1/transfers', { ...from.headers, ...headers }, body);

  describe('transfers', () => {
    let payer: Account;
    let payee: Account;
    beforeAll(async () => {
      [payer, payee] = [await newTestAccount(), await newTestAccount()];
    });

    it('moves money by email, account id or alias, free, and lists it for both sides', async () => {
      const by_email = await json<Transfer>(
        await transfer(payer, {
          recipient: payee.email.toUpperCase(),
          asset: 'USD',
          amount: '10.5',
          description: 'lunch',
        }),
        201,
      );
      expect(by_email).toMatchObject({
        from_account_id: payer.account_id,
        to_account_id: payee.account_id,
        asset: 'USD',
        amount: '10.50',
        fee: '0.00',
        description: 'lunch',
        status: 'completed',
      });
      const alias = `payee${Date.now().toString(36)}`;
      await json(await call('PUT', '/v1/me/alias', payee.headers, { alias }), 200);
      await json<Transfer>(
        await transfer(payer, { recipient: `@${alias}`, asset: 'USD', amount: '1.00' }),
        201,
      );
      await json<Transfer>(
        await transfer(payer, { recipient: payee.account_id, asset: 'USDT', amount: '2' }),
        201,
      );
      expect(await available(payer, 'USD')).toBe('10088.50');
      expect(await available(payee, 'USD')).toBe('10111.50');
      expect(await available(payee, 'USDT')).toBe('1102.000000');
      const listed = await json<{ page: number; transfers: Transfer[] }>(
        await call('GET', '/v1/transfers', payee.headers),
        200,
      );
      expect(listed.transfers.map((row) => [row.direction, row.amount])).toEqual([
        ['received', '2.000000'],
        ['received', '1.00'],
        ['received', '10.50'],
      ]);
      const one = await json<Transfer>(
        await call('GET', `/v1/transfers/${by_email.transfer_id}`, payer.headers),
        200,
      );
      expect(one).toMatchObject({ transfer_id: by_email.transfer_id, direction: 'sent' });
      const stranger = await newTestAccount();
      await expectError(
        await call('GET', `/v1/transfers/${by_email.transfer_id}`, stranger.headers),
        404,
        'not_found',
      );
      const csv = await call('GET', '/v1/transfers?format=csv', payer.headers);
      expect(csv.status).toBe(200);
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(4);
    });

    it('refuses bad transfers with the spec codes and moves nothing', async () => {
      const before = await available(payer, 'USD');
      const pending_email = `ledger-pending-${Date.now()}@example.com`;
      await register(pending_email);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ asset: 'USD', amount: '1.00' }, 400, 'recipient_required'],
        [{ recipient: payer.email, asset: 'USD', amount: '1.00' }, 400, 'self_transfer'],
        [
          { recipient: 'nobody@example.com', asset: 'USD', amount: '1.00' },
          404,
          'recipient_not_found',
        ],
        [{ recipient: '@no-such-alias', asset: 'USD', amount: '1.00' }, 404, 'recipient_not_found'],
        [{ recipient: pending_email, asset: 'USD', amount: '1.00' }, 422, 'recipient_unavailable'],
        [{ recipient: payee.email, asset: 'USD', amount: '99999.00' }, 402, 'insufficient_funds'],
        [{ recipient: payee.email, asset: 'USD', amount: 5 }, 400, 'invalid_amount'],
        [{ recipient: payee.email, asset: 'USD', amount: '1.001' }, 400, 'invalid_amount'],
        [{ recipient: payee.email, asset: 'BOB', amount: '1.00' }, 400, 'invalid_asset'],
        [
          { recipient: payee.email, asset: 'USD', amount: '1.00', checkout_token: 'no-such-link' },
          404,
          'not_found',
        ],
        [
          {
            recipient: payee.email,
            asset: 'USD',
            amount: '1.00',
            idempotency_key: 'k'.repeat(257),
          },
          400,
          'invalid_idempotency_key',
        ],
        [
          {
            recipient: payee.email,
            asset: 'USD',
            amount: '1.00',
            idempotency_key: 'payin-convert:1',
          },
          400,
          'reserved_idempotency_key',
        ],
        [
          { recipient: payee.email, asset: 'USD', amount: '1.00', surprise: 1 },
          400,
          'invalid_json',
        ],
      ];
      for (const [body, status, code] of cases)
        await expectError(await transfer(payer, body), status, code);
      expect(await available(payer, 'USD')).toBe(before);
    });

    it('resolves each recipient form in one namespace, so no recipient names two accounts', async () => {
      // An alias spelled like another account's email local part, and the same email in a second
      // organization: the nearest a recipient comes to naming two accounts. Neither is ambiguous.
      const [holder, emailed] = [await newTestAccount(), await newTestAccount()];
      const local_part = emailed.email.split('@')[0]!;
      await json(await call('PUT', '/v1/me/alias', holder.headers, { alias: local_part }), 200);
      const slug = `xfer-other-${Date.now()}`;
      await createOrganization(slug);
      await newTestAccount({ org: slug, email: emailed.email, display_name: 'Twin' });

      const to = async (recipient: string) =>
        (
          await json<Transfer>(
            await transfer(payer, { recipient, asset: 'USD', amount: '0.01' }),
            201,
          )
        ).to_account_id;
      expect(await to(local_part)).toBe(holder.account_id);
      expect(await to(`@${local_part}`)).toBe(holder.account_id);
      expect(await to(emailed.email)).toBe(emailed.account_id);
      expect(await available(emailed, 'USD')).not.toBe('missing');

      // An alias can never be an email or an account id, so the three forms never overlap.
      for (const alias of [emailed.email, emailed.account_id]) {
        await expectError(
          await call('PUT', '/v1/me/alias', holder.headers, { alias }),
          400,
          'invalid_request',
        );
      }
    });

    it('is idempotent per D7: replay, conflict, header key, concurrent requests make one transfer', async () => {
      const key = `xfer-${Date.now()}`;
      const body = { recipient: payee.email, asset: 'USD', amount: '3.00', idempotency_key: key };
      const first = await json<Transfer>(await transfer(payer, body), 201);
      const replay = await json<Transfer>(await transfer(payer, { ...body, amount: '3.0' }), 201);
      expect(replay).toEqual(first);
      await expectError(
        await transfer(payer, { ...body, amount: '4.00' }),
        409,
        'idempotency_conflict',
      );
      const header_key = `hdr-${Date.now()}`;
      const by_header = await json<Transfer>(
        await transfer(
          payer,
          { recipient: payee.email, asset: 'USD', amount: '1.00' },
          {
            'idempotency-key': header_key,
          },
        ),
        201,
      );
      const before = await available(payer, 'USD');
      const concurrent_key = `conc-${Date.now()}`;
      const racing = await Promise.all(
        Array.from({ length: 8 }, () =>
          transfer(payer, {
            recipient: payee.email,
            asset: 'USD',
            amount: '2.00',
            idempotency_key: concurrent_key,
          }),
        ),
      );
      const bodies = await Promise.all(racing.map((response) => json<Transfer>(response, 201)));
      expect(new Set(bodies.map((row) => row.transfer_id)).size).toBe(1);
      expect(new Set([first.transfer_id, by_header.transfer_id, bodies[0]?.transfer_id]).size).toBe(
        3,
      );
      const expected = (Number(before.replace('.', '')) - 200).toString();
      expect((await available(payer, 'USD')).replace('.', '')).toBe(expected);
    });

    it('answers a key used before with its transfer, even once the payer could not pay it again', async () => {
      const [sender, receiver] = [await newTestAccount(), await newTestAccount()];
      const cents = (text: string) => BigInt(text.replace('.', ''));
      const all = await available(sender, 'USD');
      const receiver_before = await available(receiver, 'USD');
      const key = `all-${Date.now()}`;
      const body = {
        recipient: receiver.account_id,
        asset: 'USD',
        amount: all,
        idempotency_key: key,
      };
      const first = await json<Transfer>(await transfer(sender, body), 201);
      expect(await available(sender, 'USD')).toBe('0.00');
      // The same request again: the stored answer, not insufficient_funds; another payload with
      // the key is a conflict, not insufficient_funds either.
      expect(await json<Transfer>(await transfer(sender, body), 201)).toEqual(first);
      await expectError(
        await transfer(sender, { ...body, amount: '1.00' }),
        409,
        'idempotency_conflict',
      );
      expect(cents(await available(receiver, 'USD')) - cents(receiver_before)).toBe(cents(all));
    });

    it('makes one transfer per key when requests with a few keys and payloads race', async () => {
      const [sender, receiver] = [await newTestAccount(), await newTestAccount()];
      const sender_before = await available(sender, 'USD');
      const receiver_before = await available(receiver, 'USD');
      const run = Date.now().toString(36);
      // Three keys, each sent eight times, some with another amount (a conflict unless first).
      const requests = Array.from({ length: 24 }, (_, index) => ({
        key: `race-${run}-${index % 3}`,
        amount: index % 5 === 0 ? '2.00' : '1.00',
      }));
      const responses = await Promise.all(
        requests.map(({ key, amount }) =>
          transfer(sender, {
            recipient: receiver.account_id,
            asset: 'USD',
            amount,
            idempotency_key: key,
          }),
        ),
      );
      const by_key = new Map<string, { ids: Set<string>; amount: string }>();
      for (const [index, response] of responses.entries()) {
        const { key } = requests[index]!;
        if (response.status === 409) {
          await expectError(response, 409, 'idempotency_conflict');
          continue;
        }
        const made = await json<Transfer>(response, 201);
        const seen = by_key.get(key) ?? { ids: new Set<string>(), amount: made.amount };
        seen.ids.add(made.transfer_id);
        // Every success for a key answers the one transfer, made with one of the key's payloads.
        expect(made.amount).toBe(seen.amount);
        by_key.set(key, seen);
      }
      expect(by_key.size).toBe(3);
      for (const { ids } of by_key.values()) expect(ids.size).toBe(1);
      const cents = (text: string) => BigInt(text.replace('.', ''));
      const moved_cents = [...by_key.values()].reduce((sum, { amount }) => sum + cents(amount), 0n);
      expect(cents(sender_before) - cents(await available(sender, 'USD'))).toBe(moved_cents);
      expect(cents(await available(receiver, 'USD')) - cents(receiver_before)).toBe(moved_cents);
    });

    it('50 concurrent transfers that together exceed the balance: exactly the ones that fit succeed', async () => {
      const [sender, receiver] = [await newTestAccount(), await newTestAccount()];
      // 10,100.00 USD of demo history: 40 transfers of 252.50 fit, 10 do not.
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          transfer(sender, { recipient: receiver.account_id, asset: 'USD', amount: '252.50' }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(40);
      expect(statuses.filter((status) => status === 402)).toHaveLength(10);
      expect(await available(sender, 'USD')).toBe('0.00');
      expect(await available(receiver, 'USD')).toBe('20200.00');
    });

    it('publishes transfer_received to the recipient', async () => {
      const made = await json<Transfer>(
        await transfer(payer, {
          recipient: payee.email,
          asset: 'USD',
          amount: '0.25',
          description: 'tip',
        }),
        201,
      );
      // The recipient's own event history (spec §6) shows it: the event is the recipient's.
      const token = payee.access_token;
      const received = await eventually(
        () => events.listed(token, '?types=transfer_received'),
        (listed) => listed.some((event) => event.data.transfer_id === made.transfer_id),
      );
      expect(received.find((event) => event.data.transfer_id === made.transfer_id)).toMatchObject({
        type: 'transfer_received',
        data: {
          transfer_id: made.transfer_id,
          from_account_id: payer.account_id,
          to_account_id: payee.account_id,
          asset: 'USD',
          amount: '0.25',
          description: 'tip',
          created_at: expect.any(String),
        },
      });
      const sender_side = await events.listed(payer.access_token, '?types=transfer_received');
      expect(sender_side.map((event) => event.data.transfer_id)).not.toContain(made.transfer_id);
    });
  });
});
