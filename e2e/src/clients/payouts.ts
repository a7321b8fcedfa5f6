import Big from 'big.js';
import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** A payout as `POST /v1/payouts` and `GET /v1/payouts/{id}` answer it (spec §4 "Payouts"). */
export interface PayoutBody {
  payout_id: string;
  status: string;
  status_code: string;
  funds_debited: boolean;
  predebit_failure: boolean;
  compliance_pending: boolean;
  receipt_url: string | null;
  review_id: string | null;
  total_debit: string;
  usdt_amount: string;
  local_amount: string;
  settlement_asset: string;
  rate: string;
  rate_source: string;
  idempotency_key: string;
  bank_reference: string;
  [field: string]: unknown;
}

/** A pix payout body of `amount` BRL to a fixed beneficiary; `overrides` replace its fields. */
export const pix = (amount: string, overrides: Record<string, unknown> = {}) => ({
  country: 'BR',
  currency: 'BRL',
  method: 'pix',
  amount,
  beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
  ...overrides,
});

/** `available/held` moved by `available_delta` and `held_delta` (decimal strings, 2 decimals). */
export function shifted(base: string, available_delta: string, held_delta = '0'): string {
  const [available = '0', held = '0'] = base.split('/');
  return `${new Big(available).plus(available_delta).toFixed(2)}/${new Big(held).plus(held_delta).toFixed(2)}`;
}

const FINAL_STATUSES = ['completed', 'failed'];

/** The payouts routes, and the balance reads a payout's effect is checked with. */
export function payoutsClient(target: Target) {
  const client = http(target);

  /** A confirmed person of `org` (D5 demo history funds it). */
  const register = (org = 'demo'): Promise<TestAccount> =>
    openAccount(client, { label: 'payouts', registration: { org, locale: 'en' } });

  const create = async (account: Pick<TestAccount, 'headers'>, body: Record<string, unknown>) => {
    const response = await client.request('POST', '/v1/payouts', {
      headers: account.headers,
      body,
    });
    return { status: response.status, body: (await response.json()) as PayoutBody };
  };

  const get = async (account: Pick<TestAccount, 'headers'>, payout_id: string) =>
    json<PayoutBody>(
      await client.request('GET', `/v1/payouts/${payout_id}`, { headers: account.headers }),
      200,
    );

  /** Reads the payout until `done` holds (by default: completed or failed). */
  const awaitPayout = (
    account: Pick<TestAccount, 'headers'>,
    payout_id: string,
    done: (payout: PayoutBody) => boolean = (payout) => FINAL_STATUSES.includes(payout.status),
  ) => eventually(() => get(account, payout_id), done, { attempts: 1200, poll_ms: 25 });

  /** `available/held` of an asset, as `GET /v1/balances` shows it. */
  const balance = async (account: Pick<TestAccount, 'headers'>, asset = 'USD'): Promise<string> => {
    const { balances } = await json<{
      balances: { asset: string; available: string; held: string }[];
    }>(await client.request('GET', '/v1/balances', { headers: account.headers }), 200);
    const row = balances.find((each) => each.asset === asset);
    return row ? `${row.available}/${row.held}` : '';
  };

  /** The balance once it shows `expected` (a step may still be on its way). */
  const awaitBalance = (account: Pick<TestAccount, 'headers'>, expected: string, asset = 'USD') =>
    eventually(
      () => balance(account, asset),
      (seen) => seen === expected,
      { attempts: 1200, poll_ms: 25 },
    );

  return {
    request: client.request,
    operator: client.operator,
    register,
    create,
    get,
    awaitPayout,
    balance,
    awaitBalance,
  };
}

export type PayoutsClient = ReturnType<typeof payoutsClient>;
