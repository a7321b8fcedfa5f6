import { openAccount, type TestAccount } from './accounts';
import { amlKey } from './aml';
import { http, json, type Target } from './http';

/** A card as `POST /v1/cards` and `GET /v1/cards/{id}` answer it (issue 17). */
export interface CardBody {
  card_id: string;
  account_id: string;
  type: 'virtual' | 'physical';
  status: 'pending_activation' | 'active' | 'frozen' | 'cancelled';
  reason: 'user_requested' | 'monthly_fee_unpaid' | null;
  last4: string;
  expiry: string;
  cardholder_name: string;
  occupation: string | null;
  business_activity: string | null;
  created_at: string;
  updated_at: string;
  idempotency_key?: string;
}

export interface CardTransactionBody {
  transaction_id: string;
  card_id: string;
  status: 'authorized' | 'declined' | 'reversed' | 'adjusted';
  amount: string;
  authorized_amount: string;
  asset: string;
  merchant: string;
  decline_reason: string | null;
  created_at: string;
  updated_at: string;
}

type Caller = Pick<TestAccount, 'headers'>;

/** A virtual card request for Ada Lovelace; `overrides` replace its fields. */
export const virtualCard = (overrides: Record<string, unknown> = {}) => ({
  type: 'virtual',
  cardholder: { first_name: 'Ada', last_name: 'Lovelace' },
  occupation: 'engineer',
  ...overrides,
});

export const SHIPPING_ADDRESS = {
  line1: '1 Analytical Way',
  city: 'Austin',
  postal_code: '73301',
  country: 'US',
};

/** The card routes under /v1/cards and the sandbox's card network. */
export function cardsClient(target: Target) {
  const client = http(target);

  const register = (label = 'cards'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  const post = (
    caller: Caller,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => client.request('POST', route, { headers: { ...caller.headers, ...headers }, body });
  const get = (caller: Caller, route: string, headers: Record<string, string> = {}) =>
    client.request('GET', route, { headers: { ...caller.headers, ...headers } });

  /** Screens `name` as a person of the account (the cardholder rule). */
  const screenHolder = async (caller: Caller, name = 'Ada Lovelace') =>
    json<{ status: string }>(
      await post(caller, '/v1/aml/screenings', {
        idempotency_key: amlKey('card-holder'),
        subject: { type: 'person', name, country: 'US' },
      }),
      201,
    );

  /** An account whose cardholder Ada Lovelace is screened clear. */
  const holder = async (label = 'cards') => {
    const account = await register(label);
    await screenHolder(account);
    return account;
  };

  const issueRaw = (caller: Caller, body: unknown, headers?: Record<string, string>) =>
    post(caller, '/v1/cards', body, headers);
  const issue = async (caller: Caller, body: Record<string, unknown> = virtualCard()) =>
    json<CardBody>(await issueRaw(caller, body), 201);

  const listRaw = (caller: Caller, query = '') => get(caller, `/v1/cards${query}`);
  const list = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; cards: CardBody[] }>(await listRaw(caller, query), 200);
  const cardRaw = (caller: Caller, card_id: string) =>
    get(caller, `/v1/cards/${encodeURIComponent(card_id)}`);

  const actionRaw = (
    caller: Caller,
    card_id: string,
    action: 'activate' | 'freeze' | 'unfreeze' | 'cancel',
  ) => post(caller, `/v1/cards/${encodeURIComponent(card_id)}/${action}`);
  const action = async (
    caller: Caller,
    card_id: string,
    name: 'activate' | 'freeze' | 'unfreeze' | 'cancel',
  ) => json<CardBody>(await actionRaw(caller, card_id, name), 200);

  const sensitiveRaw = (caller: Caller, card_id: string, otp_token?: string) =>
    get(
      caller,
      `/v1/cards/${encodeURIComponent(card_id)}/sensitive`,
      otp_token ? { 'x-otp-token': otp_token } : {},
    );

  const catalogRaw = (caller: Caller, catalog: 'occupations' | 'business-activities', query = '') =>
    get(caller, `/v1/cards/catalog/${catalog}${query}`);

  const transactRaw = (caller: Caller, card_id: string, body: unknown) =>
    post(caller, `/v1/sandbox/cards/${encodeURIComponent(card_id)}/transactions`, body);
  const transact = async (caller: Caller, card_id: string, body: Record<string, unknown>) =>
    json<CardTransactionBody>(await transactRaw(caller, card_id, body), 201);
  const transactionsRaw = (caller: Caller, card_id: string) =>
    get(caller, `/v1/cards/${encodeURIComponent(card_id)}/transactions`);

  const runFeesRaw = (caller: Caller, month: string) =>
    post(caller, '/v1/sandbox/cards/fees/run', { month });
  const runFees = async (caller: Caller, month: string) =>
    json<{ month: string; charged: number; unpaid: number; already_settled: number }>(
      await runFeesRaw(caller, month),
      200,
    );

  return {
    request: client.request,
    register,
    screenHolder,
    holder,
    issueRaw,
    issue,
    listRaw,
    list,
    cardRaw,
    actionRaw,
    action,
    sensitiveRaw,
    catalogRaw,
    transactRaw,
    transact,
    transactionsRaw,
    runFeesRaw,
    runFees,
  };
}
export type CardsClient = ReturnType<typeof cardsClient>;
