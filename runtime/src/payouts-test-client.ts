import { LEDGER_COMMANDS } from '@platform/contracts';
import Big from 'big.js';
import type { DeliveredMessage } from '@platform/messaging';
import { TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

/** HTTP helpers of the payouts integration suites: a client that drives the platform like a user. */

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

export interface Account {
  account_id: string;
  headers: Record<string, string>;
}

const PASSWORD = 'correct horse battery';
let email_counter = 0;

export class PayoutsTestClient {
  readonly base_url: string;

  constructor(private readonly platform: TestPlatform) {
    this.base_url = platform.environments.test.base_url;
  }

  async register(org = 'demo'): Promise<Account> {
    const email = `payouts-${Date.now()}-${++email_counter}@example.com`;
    const registered = await this.post('/v1/auth/register', {
      org,
      type: 'person',
      email,
      password: PASSWORD,
      display_name: 'Ada Lovelace',
      country: 'US',
      locale: 'en',
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    const confirmed = await this.post('/v1/auth/register/confirm', { org, email, code: '000000' });
    const session = (await confirmed.json()) as {
      access_token: string;
      account: { id: string };
    };
    return {
      account_id: session.account.id,
      headers: { authorization: `Bearer ${session.access_token}` },
    };
  }

  /** Funds an account through the ledger's own command, as a payin would. */
  async fund(account_id: string, asset: string, amount: string): Promise<void> {
    const reply = (await this.platform.environments.test.bus.request(
      LEDGER_COMMANDS.credit_funds.name,
      {
        account_id,
        operation_id: `fund-${account_id}-${asset}-${++email_counter}`,
        asset,
        amount,
        kind: 'payin',
      },
    )) as { ok: boolean; error?: string };
    if (!reply.ok) throw new Error(`fund failed: ${reply.error}`);
  }

  /** `available/held` of an asset, as `GET /v1/balances` shows it. */
  async balance(account: Account, asset: string): Promise<string> {
    const response = await this.get('/v1/balances', account.headers);
    const { balances } = (await response.json()) as {
      balances: { asset: string; available: string; held: string }[];
    };
    const row = balances.find((balance) => balance.asset === asset);
    return row ? `${row.available}/${row.held}` : '';
  }

  /** The balance once it shows `expected` (a step may still be on its way), or the last read. */
  async awaitBalance(account: Account, asset: string, expected: string): Promise<string> {
    let seen = '';
    for (let attempt = 0; attempt < 200 && seen !== expected; attempt += 1) {
      if (attempt > 0) await sleep(25);
      seen = await this.balance(account, asset);
    }
    return seen;
  }

  post(route: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${this.base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  get(route: string, headers: Record<string, string> = {}) {
    return fetch(`${this.base_url}${route}`, { headers });
  }

  admin(method: 'POST' | 'PUT' | 'GET', route: string, body: unknown = {}) {
    return fetch(`${this.base_url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${TEST_OPERATOR_TOKEN}`,
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Polls the payout until `done` holds or the attempts run out; answers the last read. */
  async awaitPayout(
    account: Account,
    payout_id: string,
    done: (payout: PayoutBody) => boolean,
    max_reads = 400,
  ): Promise<PayoutBody> {
    let payout: PayoutBody | null = null;
    for (let attempt = 0; attempt < max_reads; attempt += 1) {
      payout = (await (
        await this.get(`/v1/payouts/${payout_id}`, account.headers)
      ).json()) as PayoutBody;
      if (done(payout)) return payout;
      await sleep(25);
    }
    return payout as PayoutBody;
  }
}

/** Collects the payout events the platform publishes on `events.payouts`. */
export async function collectPayoutEvents(platform: TestPlatform) {
  const received: { type: string; data: Record<string, unknown> }[] = [];
  const subscription = await platform.environments.test.bus.subscribe({
    topics: ['events.payouts'],
    group: `payouts-int-${Date.now()}`,
    handler: (message: DeliveredMessage) => {
      received.push(message.payload as { type: string; data: Record<string, unknown> });
      return Promise.resolve();
    },
  });
  return {
    subscription,
    of: (payout_id: string) =>
      received.filter((event) => event.data.payout_id === payout_id).map((event) => event.data),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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
