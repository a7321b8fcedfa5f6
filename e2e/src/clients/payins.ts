import { pdfContentStreams } from './pdf-streams';
import { PUBLIC_EVENT_TYPES } from '@platform/contracts/public-event-types';
import { openAccount, recentDay, type TestAccount } from './accounts';
import { eventsClient } from './events';
import { eventually, http, type RequestOptions, type Target } from './http';
import { identityClient } from './identity';

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

/** A payin as a suite reads it: the fields above typed, every other field of the view loose. */
export type PayinRead = PayinBody & Record<string, any>;

/** A payin's public event (spec §6), as `GET /v1/events` lists it. */
export interface PayinEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The public events a payin's life emits (decisions D7 names them all `payin_*`). */
const PAYIN_EVENT_TYPES = PUBLIC_EVENT_TYPES.filter((type) => type.startsWith('payin_'));

export interface DepositAccountBody {
  deposit_account_id: string;
  account_number: string;
  [field: string]: unknown;
}

/** A credential a route takes: a bearer session, or an API key (`X-API-Key`). */
export interface Credential {
  token?: string;
  api_key?: string;
}

type Bearer = Pick<TestAccount, 'access_token'>;

/** A card payin body (a hosted card page in the sandbox); `overrides` replace its fields. */
export const cardPayin = (overrides: Record<string, unknown> = {}) => ({
  method: 'card',
  country: 'US',
  currency: 'USD',
  amount: '25.00',
  customer: { name: 'Ada Payer', email: 'ada@example.com' },
  ...overrides,
});

/** The VE/VES bank-key pull collection's payer and the sandbox's accepting OTP. */
export const c2pCollection = (overrides: Record<string, unknown> = {}) => ({
  method: 'c2p',
  country: 'VE',
  currency: 'VES',
  otp: '12345678',
  payer: { phone: '+584141234567', document: 'V12345678', bank_code: '0102' },
  ...overrides,
});

/**
 * The text a PDF drawn in pdfkit's standard (WinAnsi) fonts shows: its content streams inflated
 * and the hex strings of their text operators decoded, one line per operator. Enough to check
 * what an English or Spanish document says.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of pdfContentStreams(pdf)) {
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(operator[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]);
      lines.push(Buffer.from(hex.join(''), 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** The payins routes, the public pay pages and the sandbox's own (deposits, card pages). */
export function payinsClient(target: Target) {
  const client = http(target);
  const events = eventsClient(target);
  const identity = identityClient(target);

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

  /** A call of the operator (`/admin/v1`), read whole. */
  const asOperator = (method: string, route: string, body?: unknown) =>
    request(method, route, { token: client.operator_token, body });

  /** A confirmed company (kyc approved) of the demo organization. */
  const account = (label: string, type: 'company' | 'person' = 'company'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { type, display_name: 'Payins Test Co' } });

  /** `POST /v1/payins` as the account (headers: `Idempotency-Key`...). */
  const create = (
    account: Bearer,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => request('POST', '/v1/payins', { token: account.access_token, body, headers });

  /** `GET /v1/payins` as the account; `query` starts with `?`. */
  const list = (account: Bearer, query = '') =>
    request('GET', `/v1/payins${query}`, { token: account.access_token });

  /**
   * `answer` is the refusal `{error, message}` under `status`, and the account has no payin (but
   * the demo history a test account starts with).
   */
  const expectRefusedStoringNothing = async (
    account: Bearer,
    answer: HttpAnswer,
    status: number,
    error: string,
  ) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      error,
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect((await list(account, `?from=${recentDay()}`)).body.payins).toEqual([]);
  };

  const get = async <T = PayinBody>(account: Bearer, payin_id: string) =>
    (await request<T>('GET', `/v1/payins/${payin_id}`, { token: account.access_token })).body;

  /** The payin once `done` holds (the sandbox rail's steps and the workers run on timers). */
  const awaitPayin = (account: Bearer, payin_id: string, done: (payin: PayinRead) => boolean) =>
    eventually(() => get<PayinRead>(account, payin_id), done);

  /** The payin once it has left `pending`. */
  const awaitSettled = (account: Bearer, payin_id: string) =>
    awaitPayin(account, payin_id, (payin) => payin.status !== 'pending');

  /** Creates a payin the sandbox rail pays, and answers its creation once it reads credited. */
  const createCredited = async (account: Bearer, body: Record<string, unknown>) => {
    const created = await create(account, body);
    await awaitPayin(account, created.body.payin_id, (payin) => payin.status === 'credited');
    return created;
  };

  /** A checkout link of the account (USDT 10 for an hour unless `overrides` say else). */
  const checkoutLink = async (account: Bearer, overrides: Record<string, unknown> = {}) => {
    const created = await create(account, {
      method: 'checkout',
      amount: '10.000000',
      settlement_asset: 'USDT',
      expires_in: 3600,
      ...overrides,
    });
    if (created.status !== 201) throw new Error(`checkout link: ${created.text}`);
    const url = new URL(created.body.checkout_url as string);
    return { created, path: url.pathname, token: url.pathname.split('/').pop()! };
  };

  /** A checkout link's public state (`/pay/{token}/state`), as its payer's page reads it. */
  const linkState = async (path: string) => (await request('GET', `${path}/state`)).body;

  /** The link's state once it is no longer open (paid or expired). */
  const awaitLinkClosed = (path: string) =>
    eventually(
      () => linkState(path),
      (state) => state.status !== 'open',
    );

  /**
   * The payer opens the hosted card page at `payment_url` (an HTML page, else this throws) and
   * submits it: the sandbox charges the card. Answers the submission.
   */
  const submitCardPage = async (payment_url: string) => {
    const route = new URL(payment_url).pathname;
    const page = await request('GET', route);
    if (page.status !== 200 || !page.headers.get('content-type')?.includes('text/html'))
      throw new Error(`card page ${page.status} ${page.headers.get('content-type')}: ${page.text}`);
    return request('POST', route);
  };

  /** A receipt as the account downloads it: the bytes and their content type. */
  const receipt = async (account: Bearer, payin_id: string, query = '', language?: string) => {
    const response = await client.request('GET', `/v1/payins/${payin_id}/receipt${query}`, {
      token: account.access_token,
      headers: language ? { 'accept-language': language } : {},
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), body };
  };

  /** The asset the account's payins are credited in (`PUT /v1/settlement`). */
  const setDefaultPayinAsset = (account: Bearer, asset: string) =>
    request('PUT', '/v1/settlement', {
      token: account.access_token,
      body: { default_payin_asset: asset },
    });

  /**
   * The account's ledger movements of a payin (`reference_id`), oldest first, once `GET
   * /v1/movements` shows `count` of them.
   */
  const movementsOf = (account: Bearer, reference_id: string, count: number) =>
    eventually(
      async () => {
        const { body } = await request<{
          movements: { asset: string; amount: string; kind: string; reference_id: string }[];
        }>('GET', '/v1/movements?page_size=100', { token: account.access_token });
        return body.movements
          .filter((movement) => movement.reference_id === reference_id)
          .map(({ asset, amount, kind }) => ({ asset, amount, kind }))
          .reverse();
      },
      (movements) => movements.length >= count,
    );

  /**
   * The public events of a payin in the account's history, oldest first, once `count` of them
   * are there: the projection publishes them a moment after the payin changed.
   */
  const eventsOf = (account: Bearer, payin_id: string, count: number): Promise<PayinEvent[]> =>
    eventually(
      async () =>
        (
          await events.listed(
            account.access_token,
            `?types=${PAYIN_EVENT_TYPES.join(',')}&page_size=100`,
          )
        )
          .filter((event) => event.data.payin_id === payin_id)
          .map(({ type, data }) => ({ type, data }))
          .reverse(),
      (listed) => listed.length >= count,
    );

  /**
   * A company that confirms its own EC/USD bank transfers, which takes two different members:
   * the owner's session and member id, an operator and a viewer signed in, an owner's API key.
   */
  const confirmationTeam = async () => {
    const { owner, members } = await identity.companyWithMembers(['operator', 'viewer']);
    const listed = await request<{ members: { id: string; role: string }[] }>(
      'GET',
      '/v1/members',
      { token: owner.access_token },
    );
    const signedIn = (role: string) => ({
      id: members[role]!.id,
      token: members[role]!.session.access_token,
    });
    return {
      account_id: owner.account!.id,
      access_token: owner.access_token,
      owner_id: listed.body.members.find((member) => member.role === 'owner')?.id,
      operator: signedIn('operator'),
      viewer: signedIn('viewer'),
      api_key: await identity.issueApiKey(owner.access_token, 'confirm'),
    };
  };

  /** An EC/USD bank transfer: no rail reports it, the account's operators confirm it. */
  const manualTransfer = async (account: Bearer, amount = '150.00'): Promise<string> => {
    const created = await create(account, {
      method: 'bank_transfer',
      country: 'EC',
      currency: 'USD',
      amount,
    });
    if (created.status !== 201) throw new Error(`EC transfer: ${created.text}`);
    return created.body.payin_id as string;
  };

  /** A step of the manual confirmation (`/v1/payins/{id}/confirm-{step}`) with `credential`. */
  const confirmStep = (
    payin_id: string,
    step: 'received' | 'approve' | 'cancel',
    credential: Credential,
    body?: Record<string, unknown>,
  ) =>
    request('POST', `/v1/payins/${payin_id}/confirm-${step}`, {
      ...(credential.token ? { token: credential.token } : {}),
      ...(credential.api_key ? { headers: { 'x-api-key': credential.api_key } } : {}),
      ...(body ? { body } : {}),
    });

  const openDepositAccount = async (
    account: Bearer,
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
  const deposit = (account: Bearer, deposit_account_id: string, body: Record<string, unknown>) =>
    request<PayinBody>('POST', `/v1/sandbox/deposit-accounts/${deposit_account_id}/deposits`, {
      token: account.access_token,
      body,
    });

  /**
   * Funds an account as a client of the sandbox would: a USD deposit into its own deposit
   * account, credited like any payin. Answers the credited payin (`usdt_credited` is what moved).
   */
  const fundBySandboxDeposit = async (account: Bearer, amount: string): Promise<PayinBody> => {
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
    asOperator,
    account,
    create,
    list,
    expectRefusedStoringNothing,
    get,
    awaitPayin,
    awaitSettled,
    createCredited,
    checkoutLink,
    linkState,
    awaitLinkClosed,
    submitCardPage,
    receipt,
    setDefaultPayinAsset,
    movementsOf,
    eventsOf,
    confirmationTeam,
    manualTransfer,
    confirmStep,
    openDepositAccount,
    deposit,
    fundBySandboxDeposit,
    eventually,
  };
}

export type PayinsClient = ReturnType<typeof payinsClient>;
