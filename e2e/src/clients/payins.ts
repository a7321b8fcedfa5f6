import { openAccount, type TestAccount } from './accounts';
import { eventually, http, type RequestOptions, type Target } from './http';

/** A response read whole: its status, parsed body (null when not JSON), text and headers. */
export interface HttpAnswer<T = Record<string, any>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A payin as `GET /v1/payins/{id}` answers it (spec §4 "Payins", decisions D4). */
export interface PayinBody {
  payin_id: string;
  status: string;
  method: string;
  country: string;
  currency: string;
  local_amount: string;
  credit_asset: string | null;
  usdt_credited: string | null;
  receipt_url: string | null;
  [field: string]: unknown;
}

export interface DepositAccountBody {
  deposit_account_id: string;
  account_number: string;
  [field: string]: unknown;
}

/** The payins routes and the sandbox's own (deposits into deposit accounts). */
export function payinsClient(target: Target) {
  const client = http(target);

  const request = async <T = Record<string, any>>(
    method: string,
    route: string,
    options: RequestOptions = {},
  ): Promise<HttpAnswer<T>> => {
    const response = await client.request(method, route, options);
    const text = await response.text();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, text, headers: response.headers };
  };

  /** A confirmed company (kyc approved) of the demo organization. */
  const account = (label: string, type: 'company' | 'person' = 'company'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { type, display_name: 'Payins Test Co' } });

  const get = async (account: Pick<TestAccount, 'access_token'>, payin_id: string) =>
    (await request<PayinBody>('GET', `/v1/payins/${payin_id}`, { token: account.access_token }))
      .body;

  /** The payin once it has left `pending` (the sandbox rail's steps are timers). */
  const awaitSettled = (account: Pick<TestAccount, 'access_token'>, payin_id: string) =>
    eventually(
      () => get(account, payin_id),
      (payin) => payin.status !== 'pending',
    );

  const openDepositAccount = async (
    account: Pick<TestAccount, 'access_token'>,
    country: string,
    currency: string,
  ): Promise<DepositAccountBody> => {
    const opened = await request<DepositAccountBody>('POST', '/v1/payins/deposit-accounts', {
      token: account.access_token,
      body: { country, currency, purpose: 'fondeo' },
    });
    if (opened.status !== 201) throw new Error(`deposit account: ${opened.text}`);
    return opened.body;
  };

  /** The sandbox's stand-in for a payer's bank transfer into a deposit account. */
  const deposit = (
    account: Pick<TestAccount, 'access_token'>,
    deposit_account_id: string,
    body: Record<string, unknown>,
  ) =>
    request<PayinBody>('POST', `/v1/sandbox/deposit-accounts/${deposit_account_id}/deposits`, {
      token: account.access_token,
      body,
    });

  /**
   * Funds an account as a client of the sandbox would: a USD deposit into its own deposit
   * account, credited like any payin. Answers the credited payin (`usdt_credited` is what moved).
   */
  const fundBySandboxDeposit = async (
    account: Pick<TestAccount, 'access_token'>,
    amount: string,
  ): Promise<PayinBody> => {
    const usd = await openDepositAccount(account, 'US', 'USD');
    const arrived = await deposit(account, usd.deposit_account_id, { amount });
    if (arrived.status !== 201) throw new Error(`sandbox deposit: ${arrived.text}`);
    const settled = await awaitSettled(account, arrived.body.payin_id);
    if (settled.status !== 'credited') throw new Error(`sandbox deposit ${settled.status}`);
    return settled;
  };

  return {
    get base_url() {
      return client.base_url;
    },
    request,
    operator: client.operator,
    account,
    get,
    awaitSettled,
    openDepositAccount,
    deposit,
    fundBySandboxDeposit,
    eventually,
  };
}

export type PayinsClient = ReturnType<typeof payinsClient>;
