import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** A deposit wallet as `POST|GET /v1/crypto/wallets` answer it (D9). */
export interface CryptoWalletBody {
  wallet_id: string;
  type: 'deposit';
  receive_only: true;
  chain: string;
  asset: string;
  address: string;
  created_at: string;
}

/** A deposit as `GET /v1/crypto/deposits[/{id}]` answer it. */
export interface CryptoDepositBody {
  deposit_id: string;
  account_id: string;
  wallet_id: string;
  chain: string;
  asset: string;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  fee: string;
  status: 'pending' | 'credited' | 'held' | 'failed' | 'rejected';
  risk: string | null;
  hold_id: string | null;
  confirmations: number;
  required_confirmations: number;
  created_at: string;
  updated_at: string;
}

export interface AddressScreeningBody {
  screening_id: string;
  account_id: string;
  chain: string;
  address: string;
  risk: string;
  categories: string[];
  created_at: string;
}

/**
 * Test senders of each chain: valid (checksummed) addresses whose endings the sandbox screening
 * rules read (`bad` severe, `risk` high), and a plain one.
 */
export const CRYPTO_SENDERS = {
  tron: {
    plain: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
    bad: 'TZGqQJVFWriKqBsqTJ6k2Cgbc9ZfwyMbad',
    risk: 'TPc1zpfGd9X47Rd1b3b4bcAZNLyyyrrisk',
  },
  eth: { plain: '0x52908400098527886E0F7030069857D2E4169EE7', bad: `0x${'7'.repeat(37)}bad` },
  btc: {
    plain: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    bad: 'n2WBHSriMKeHp6BJJLT9T7EGmDnfjP4bad',
    risk: 'n1YYLMeaQouKerxtW3uvLEhWWFjVowrisk',
  },
} as const;

type Caller = Pick<TestAccount, 'headers'>;

/** The crypto deposit routes (decisions D9). */
export function cryptoClient(target: Target) {
  const client = http(target);

  const register = (label = 'crypto'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  const createWalletRaw = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/crypto/wallets', { headers: caller.headers, body });

  /** The account's wallet of `chain` and `asset`, expecting `status` (201 new, 200 repeat). */
  const wallet = async (caller: Caller, chain: string, asset: string, status = 201) =>
    json<CryptoWalletBody>(await createWalletRaw(caller, { chain, asset }), status);

  const wallets = async (caller: Caller) =>
    json<{ wallets: CryptoWalletBody[] }>(
      await client.request('GET', '/v1/crypto/wallets', { headers: caller.headers }),
      200,
    );

  const depositRaw = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/sandbox/crypto/deposits', { headers: caller.headers, body });

  /** A sandbox deposit, expecting 202. */
  const deposit = async (caller: Caller, body: Record<string, unknown>) =>
    json<CryptoDepositBody>(await depositRaw(caller, body), 202);

  const getDeposit = (caller: Caller, deposit_id: string) =>
    client.request('GET', `/v1/crypto/deposits/${deposit_id}`, { headers: caller.headers });

  const depositsRaw = (caller: Caller, query = '') =>
    client.request('GET', `/v1/crypto/deposits${query}`, { headers: caller.headers });

  const deposits = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; deposits: CryptoDepositBody[] }>(
      await depositsRaw(caller, query),
      200,
    );

  /** Polls the deposit until it leaves `pending`. */
  const settled = (caller: Caller, deposit_id: string) =>
    eventually(
      async () => json<CryptoDepositBody>(await getDeposit(caller, deposit_id), 200),
      (body) => body.status !== 'pending',
    );

  const screenRaw = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/screenings/addresses', { headers: caller.headers, body });

  const screen = async (caller: Caller, chain: string, address: string) =>
    json<AddressScreeningBody>(await screenRaw(caller, { chain, address }), 201);

  const screenings = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; screenings: AddressScreeningBody[] }>(
      await client.request('GET', `/v1/screenings/addresses${query}`, { headers: caller.headers }),
      200,
    );

  /** `POST /admin/v1/crypto/observations`: the operator reports a transfer seen on chain. */
  const reportObservation = (body: Record<string, unknown>) =>
    client.operator('POST', '/admin/v1/crypto/observations', body);

  /** `POST /admin/v1/crypto/deposits/{id}/release|reject`: the operator decides a held deposit. */
  const decideHold = (deposit_id: string, decision: string) =>
    client.operator('POST', `/admin/v1/crypto/deposits/${deposit_id}/${decision}`);

  return {
    request: client.request,
    operator: client.operator,
    decideHold,
    reportObservation,
    register,
    createWalletRaw,
    wallet,
    wallets,
    depositRaw,
    deposit,
    getDeposit,
    depositsRaw,
    deposits,
    settled,
    screenRaw,
    screen,
    screenings,
  };
}

export type CryptoClient = ReturnType<typeof cryptoClient>;
