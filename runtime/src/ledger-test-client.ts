import { TEST_OPERATOR_TOKEN } from './test-platform';

/** HTTP helpers of the ledger integration suites: a client that drives the platform like a user. */

export interface LedgerTestAccount {
  account_id: string;
  email: string;
  headers: Record<string, string>;
}

/** A transfer as `POST /v1/transfers` and its reads answer it. */
export interface TransferBody {
  transfer_id: string;
  from_account_id: string;
  to_account_id: string;
  asset: string;
  amount: string;
  fee: string;
  description: string;
  status: string;
  direction?: string;
}

export interface TestAccountOptions {
  /** Organization slug; the seeded `demo` unless a test made another. */
  org?: string;
  /** A fresh email unless the test needs a known one (the same person in a second organization). */
  email?: string;
  display_name?: string;
}

const PASSWORD = 'correct horse battery';
let email_counter = 0;

/**
 * A client of one environment's HTTP surface. `baseUrl` is read on each request: suites build the
 * client where they declare their helpers, before `beforeAll` has started the platform.
 * `email_label` starts the emails of the accounts it opens, so a failing run names its suite.
 */
export function ledgerHttp(baseUrl: () => string, email_label = 'ledger') {
  const call = (method: string, route: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${baseUrl()}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Registers an unconfirmed person; fails unless identity answers 201. */
  const register = async (email: string, options: Omit<TestAccountOptions, 'email'> = {}) =>
    json(
      await call(
        'POST',
        '/v1/auth/register',
        {},
        {
          org: options.org ?? 'demo',
          type: 'person',
          email,
          password: PASSWORD,
          display_name: options.display_name ?? 'Holder',
        },
      ),
      201,
    );

  /** A registered and confirmed (sandbox code 000000) person with a bearer session. */
  const newTestAccount = async (options: TestAccountOptions = {}): Promise<LedgerTestAccount> => {
    const org = options.org ?? 'demo';
    const email = options.email ?? `${email_label}-${Date.now()}-${++email_counter}@example.com`;
    await register(email, options);
    const session = await json<{ access_token: string; account: { id: string } }>(
      await call('POST', '/v1/auth/register/confirm', {}, { org, email, code: '000000' }),
      200,
    );
    return {
      account_id: session.account.id,
      email,
      headers: { authorization: `Bearer ${session.access_token}` },
    };
  };

  /** A second organization, made by the operator, for what must not reach across organizations. */
  const createOrganization = async (slug: string): Promise<void> => {
    const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    await json(
      await call('POST', '/admin/v1/organizations', operator, { slug, name: 'Other Co' }),
      201,
    );
  };

  /** The `available` amount of an asset as `GET /v1/balances` shows it, or `missing`. */
  const available = async (account: LedgerTestAccount, asset: string): Promise<string> => {
    const sheet = await json<{ balances: { asset: string; available: string }[] }>(
      await call('GET', '/v1/balances', account.headers),
      200,
    );
    return sheet.balances.find((row) => row.asset === asset)?.available ?? 'missing';
  };

  return { call, json, expectError, register, newTestAccount, createOrganization, available };
}

export type LedgerHttp = ReturnType<typeof ledgerHttp>;

/** The parsed body, after checking the status; the failure shows the body to say why. */
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** `{error, message}` with the given code, under the given status. */
export async function expectError(response: Response, status: number, code: string) {
  expect(await json(response, status)).toEqual({ error: code, message: expect.any(String) });
}
