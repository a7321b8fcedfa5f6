import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ledgerClient } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface Swap {
  swap_id: string;
  account_id: string;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
}

/** Swaps and account resolution (aliases, QR) over HTTP, on the all-in-one platform. */
describe('ledger HTTP: swaps, aliases', () => {
  let platform: E2ePlatform;
  let guard_price_file: string;

  beforeAll(async () => {
    guard_price_file = path.join(mkdtempSync(path.join(os.tmpdir(), 'btc-guard-')), 'btc.json');
    writeFileSync(guard_price_file, JSON.stringify({ BTC: '65000' }));
    platform = await startPlatform({
      label: 'ledgerswap',
      settings: {
        SWAP_DISABLED_ASSETS: 'SILVER',
        SETTLEMENT_LIMIT_PER_OPERATION_USD: '3000.00',
        SETTLEMENT_LIMIT_DAILY_USD: '4000.00',
        BTC_GUARD_PRICE_FILE: guard_price_file,
        BTC_GUARD_TOLERANCE_PERCENT: '1',
      },
    });
  });
  afterAll(async () => platform.close());

  const { call, json, expectError, newTestAccount, available } = ledgerClient(
    () => platform.environments.test,
    'ledger-swap',
  );

  describe('aliases and resolve', () => {
    it('resolves an alias or an account QR payload within the organization', async () => {
      const [owner, other] = [await newTestAccount(), await newTestAccount()];
      const alias = `shop${Date.now().toString(36)}`;
      expect(await json(await call('PUT', '/v1/me/alias', owner.headers, { alias }), 200)).toEqual({
        account_id: owner.account_id,
        alias,
      });
      await expectError(
        await call('PUT', '/v1/me/alias', other.headers, { alias }),
        422,
        'alias_taken',
      );
      await expectError(
        await call('PUT', '/v1/me/alias', other.headers, { alias: 'A!' }),
        400,
        'invalid_request',
      );
      const expected = {
        account_id: owner.account_id,
        display_name: expect.any(String),
        type: 'person',
        alias,
      };
      expect(
        await json(await call('GET', `/v1/resolve?alias=${alias}`, other.headers), 200),
      ).toEqual(expected);
      expect(
        await json(
          await call('GET', `/v1/resolve?qr=acct:${owner.account_id}`, other.headers),
          200,
        ),
      ).toEqual(expected);
      await expectError(await call('GET', '/v1/resolve', other.headers), 400, 'query_required');
      await expectError(
        await call('GET', '/v1/resolve?alias=nobody-here', other.headers),
        404,
        'recipient_not_found',
      );
      await expectError(
        await call('GET', '/v1/resolve?qr=hello', other.headers),
        400,
        'invalid_qr_payload',
      );
    });
  });

  describe('swaps', () => {
    it('swaps USD to USDT 1:1, idempotently, readable with account_id', async () => {
      const account = await newTestAccount();
      const key = `swap-${Date.now()}`;
      const body = { from_asset: 'USD', to_asset: 'USDT', amount: '100.00', idempotency_key: key };
      const swap = await json<Swap>(await call('POST', '/v1/swaps', account.headers, body), 201);
      expect(swap).toMatchObject({
        account_id: account.account_id,
        from_amount: '100.00',
        to_amount: '100.000000',
        rate: '1',
      });
      expect(
        await json(
          await call('POST', '/v1/swaps', account.headers, { ...body, amount: '100' }),
          201,
        ),
      ).toEqual(swap);
      await expectError(
        await call('POST', '/v1/swaps', account.headers, { ...body, amount: '50.00' }),
        409,
        'idempotency_conflict',
      );
      expect(await available(account, 'USD')).toBe('10000.00');
      expect(await available(account, 'USDT')).toBe('1200.000000');
      expect(
        await json(await call('GET', `/v1/swaps/${swap.swap_id}`, account.headers), 200),
      ).toEqual(swap);
      const listed = await json<{ swaps: Swap[] }>(
        await call('GET', '/v1/swaps', account.headers),
        200,
      );
      expect(listed.swaps).toEqual([swap]);
      const stranger = await newTestAccount();
      await expectError(
        await call('GET', `/v1/swaps/${swap.swap_id}`, stranger.headers),
        404,
        'not_found',
      );
    });

    it('refuses invalid pairs, dust, disabled assets and overdrafts, changing nothing', async () => {
      const account = await newTestAccount();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ from_asset: 'BOB', to_asset: 'USD', amount: '1.00' }, 400, 'invalid_pair'],
        [{ from_asset: 'USD', to_asset: 'MXN', amount: '1.00' }, 400, 'invalid_pair'],
        [{ from_asset: 'USD', to_asset: 'USD', amount: '1.00' }, 400, 'invalid_pair'],
        [{ from_asset: 'USDT', to_asset: 'BTC', amount: '0.000001' }, 400, 'amount_too_small'],
        [{ from_asset: 'USD', to_asset: 'SILVER', amount: '1.00' }, 400, 'swap_asset_disabled'],
        [{ from_asset: 'USDC', to_asset: 'USD', amount: '1.000000' }, 402, 'insufficient_funds'],
        [
          { from_asset: 'USD', to_asset: 'GOLD', amount: '3000.01' },
          422,
          'settlement_limit_exceeded',
        ],
        [{ from_asset: 'USD', to_asset: 'USDT', amount: 1 }, 400, 'invalid_amount'],
      ];
      for (const [body, status, code] of cases) {
        await expectError(await call('POST', '/v1/swaps', account.headers, body), status, code);
      }
      expect(await available(account, 'USD')).toBe('10100.00');
      await json(
        await call('POST', '/v1/swaps', account.headers, {
          from_asset: 'USD',
          to_asset: 'GOLD',
          amount: '3000.00',
        }),
        201,
      );
      await expectError(
        await call('POST', '/v1/swaps', account.headers, {
          from_asset: 'USD',
          to_asset: 'PLATINUM',
          amount: '1000.01',
        }),
        422,
        'settlement_daily_limit_exceeded',
      );
    });

    it('guards BTC swaps from 1,000 USD: diverged sources refuse, the same key succeeds once they converge', async () => {
      const account = await newTestAccount();
      const body = {
        from_asset: 'USD',
        to_asset: 'BTC',
        amount: '1300.00',
        idempotency_key: 'btc-guard-1',
      };
      writeFileSync(guard_price_file, JSON.stringify({ BTC: '66000' }));
      await expectError(
        await call('POST', '/v1/swaps', account.headers, body),
        422,
        'guard_diverged',
      );
      // Below the threshold the guard does not apply.
      await json(
        await call('POST', '/v1/swaps', account.headers, {
          from_asset: 'USD',
          to_asset: 'BTC',
          amount: '999.99',
        }),
        201,
      );
      expect(await available(account, 'USD')).toBe('9100.01');
      writeFileSync(guard_price_file, JSON.stringify({ BTC: '65300' }));
      const swap = await json<Swap>(await call('POST', '/v1/swaps', account.headers, body), 201);
      expect(swap).toMatchObject({ from_amount: '1300.00', to_amount: '0.02000000' });
      expect(await available(account, 'BTC')).toBe('0.03538446');
    });
  });
});
