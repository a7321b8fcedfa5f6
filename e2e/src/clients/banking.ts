import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

export interface BankAccountBody {
  bank_account_id: string;
  currency: 'USD' | 'EUR';
  status: string;
  iban?: string;
  bic?: string;
  routing_number?: string;
  account_number?: string;
  created_at: string;
}

export interface BankOperationBody {
  operation_id: string;
  type: 'payment' | 'inbound';
  status: 'processing' | 'completed' | 'failed';
  bank_account_id: string;
  customer_id: string;
  currency: 'USD' | 'EUR';
  amount: string;
  fee: string;
  third_party_id: string | null;
  failure_code: string | null;
  idempotency_key?: string;
  created_at: string;
  updated_at: string;
}

export interface ThirdPartyBody {
  third_party_id: string;
  name: string;
  currency: 'USD' | 'EUR';
  status: string;
  iban?: string;
  bic?: string;
  routing_number?: string;
  account_number?: string;
}

/** Published valid bank details for beneficiaries. */
export const BANK_DETAILS = {
  iban_de: 'DE89 3704 0044 0532 0130 00',
  iban_gb: 'GB82 WEST 1234 5698 7654 32',
  routing_number: '021000021',
} as const;

type Caller = Pick<TestAccount, 'headers'>;

/** The banking routes under /v1/banking and the sandbox's inbound transfers. */
export function bankingClient(target: Target) {
  const client = http(target);

  const register = (label = 'bank'): Promise<TestAccount> =>
    openAccount(client, {
      label,
      registration: { type: 'company', display_name: 'Banking Test Co' },
    });

  const call = (
    caller: Caller,
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => client.request(method, route, { headers: { ...caller.headers, ...headers }, body });

  const createCustomerRaw = (caller: Caller, body?: unknown) =>
    call(caller, 'POST', '/v1/banking/customer', body);
  const accountsRaw = (caller: Caller) => call(caller, 'GET', '/v1/banking/accounts');
  const accounts = async (caller: Caller) =>
    (await json<{ accounts: BankAccountBody[] }>(await accountsRaw(caller), 200)).accounts;
  const accountRaw = (caller: Caller, id: string) =>
    call(caller, 'GET', `/v1/banking/accounts/${encodeURIComponent(id)}`);
  const balanceRaw = (caller: Caller, id: string) =>
    call(caller, 'GET', `/v1/banking/accounts/${encodeURIComponent(id)}/balance`);
  const balance = async (caller: Caller, id: string) =>
    json<Record<string, any>>(await balanceRaw(caller, id), 200);

  /** The USD and EUR accounts, once the sandbox bank approved the customer and opened them. */
  const openedAccounts = async (caller: Caller) => {
    const opened = await eventually(
      () => accounts(caller),
      (rows) => rows.length === 2,
    );
    return {
      usd: opened.find((row) => row.currency === 'USD')!,
      eur: opened.find((row) => row.currency === 'EUR')!,
    };
  };

  /** Opens the customer and waits for the sandbox bank's approval. */
  const approvedCustomer = async (caller: Caller) => {
    await json(await createCustomerRaw(caller), 202);
    return openedAccounts(caller);
  };

  const thirdPartyRaw = (caller: Caller, body: unknown) =>
    call(caller, 'POST', '/v1/banking/third-parties', body);
  const thirdParty = async (caller: Caller, body: Record<string, unknown>) =>
    json<ThirdPartyBody>(await thirdPartyRaw(caller, body), 201);
  const thirdPartiesRaw = (caller: Caller, query = '') =>
    call(caller, 'GET', `/v1/banking/third-parties${query}`);

  const payRaw = (caller: Caller, body: unknown, headers?: Record<string, string>) =>
    call(caller, 'POST', '/v1/banking/payments', body, headers);
  const pay = async (caller: Caller, body: Record<string, unknown>) =>
    json<BankOperationBody>(await payRaw(caller, body), 201);

  const operationsRaw = (caller: Caller, query = '') =>
    call(caller, 'GET', `/v1/banking/operations${query}`);
  const operationRaw = (caller: Caller, id: string) =>
    call(caller, 'GET', `/v1/banking/operations/${encodeURIComponent(id)}`);
  const operation = async (caller: Caller, id: string) =>
    json<BankOperationBody>(await operationRaw(caller, id), 200);
  /** The operation once it reached a final status. */
  const settled = (caller: Caller, id: string) =>
    eventually(
      () => operation(caller, id),
      (row) => row.status !== 'processing',
    );

  const inboundRaw = (caller: Caller, body: unknown) =>
    call(caller, 'POST', '/v1/sandbox/banking/inbound', body);
  const inbound = async (caller: Caller, bank_account_id: string, amount: string) =>
    json<BankOperationBody>(await inboundRaw(caller, { account_id: bank_account_id, amount }), 201);

  return {
    api: client,
    register,
    call,
    createCustomerRaw,
    accountsRaw,
    accounts,
    accountRaw,
    balanceRaw,
    balance,
    openedAccounts,
    approvedCustomer,
    thirdPartyRaw,
    thirdParty,
    thirdPartiesRaw,
    payRaw,
    pay,
    operationsRaw,
    operationRaw,
    operation,
    settled,
    inboundRaw,
    inbound,
  };
}

export type BankingClient = ReturnType<typeof bankingClient>;
