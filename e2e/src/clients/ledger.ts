import type {
  BalanceSheet,
  SwapRecord,
  TransferListing,
  TransferRecord,
} from '@platform/contracts';
import { openAccount, registration, uniqueEmail, type TestAccount } from './accounts';
import { expectError, http, json, type Target } from './http';

/** A transfer as `POST /v1/transfers` and its reads answer it. */
export type TransferBody = TransferRecord & Partial<Pick<TransferListing, 'direction'>>;
export type SwapBody = SwapRecord;

export interface LedgerAccountOptions {
  /** Organization slug; the seeded `demo` unless a test made another. */
  org?: string;
  /** A fresh email unless the test needs a known one (the same person in a second organization). */
  email?: string;
  display_name?: string;
}

/**
 * The ledger's routes (spec §4 "Balances", transfers, swaps, movements, reports). `email_label`
 * starts the emails of the accounts it opens, so a failing run names its suite.
 */
export function ledgerClient(target: Target, email_label = 'ledger') {
  const client = http(target);

  const call = (method: string, route: string, headers: Record<string, string>, body?: unknown) =>
    client.request(method, route, { headers, body });

  /** Registers an unconfirmed person; fails unless identity answers 201. */
  const register = async (email: string, options: Omit<LedgerAccountOptions, 'email'> = {}) =>
    json(
      await client.request('POST', '/v1/auth/register', {
        body: registration(email, {
          org: options.org ?? 'demo',
          display_name: options.display_name ?? 'Holder',
        }),
      }),
      201,
    );

  /** A registered and confirmed person with a bearer session (and the D5 demo history). */
  const newTestAccount = (options: LedgerAccountOptions = {}): Promise<TestAccount> =>
    openAccount(client, {
      email: options.email ?? uniqueEmail(email_label),
      registration: { org: options.org ?? 'demo', display_name: options.display_name ?? 'Holder' },
    });

  /** A second organization, made by the operator, for what must not reach across organizations. */
  const createOrganization = async (slug: string): Promise<void> => {
    await json(
      await client.operator('POST', '/admin/v1/organizations', { slug, name: 'Other Co' }),
      201,
    );
  };

  const balances = async (account: Pick<TestAccount, 'headers'>): Promise<BalanceSheet> =>
    json<BalanceSheet>(await call('GET', '/v1/balances', account.headers), 200);

  /** The `available` amount of an asset as `GET /v1/balances` shows it, or `missing`. */
  const available = async (account: Pick<TestAccount, 'headers'>, asset: string): Promise<string> =>
    (await balances(account)).balances.find((row) => row.asset === asset)?.available ?? 'missing';

  return {
    call,
    json,
    expectError,
    register,
    newTestAccount,
    createOrganization,
    balances,
    available,
  };
}

export type LedgerClient = ReturnType<typeof ledgerClient>;
export type { TestAccount as LedgerTestAccount };
