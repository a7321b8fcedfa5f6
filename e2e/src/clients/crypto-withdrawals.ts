import Big from 'big.js';
import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** A crypto withdrawal as `POST /v1/crypto/withdrawals` and `GET .../{id}` answer it (D9). */
export interface CryptoWithdrawalBody {
  withdrawal_id: string;
  chain: string;
  asset: string;
  amount: string;
  fee: string;
  to_address: string;
  tx_id: string | null;
  status: 'pending' | 'in_review' | 'processing' | 'completed' | 'failed';
  travel_rule_status: 'not_required' | 'self_hosted_attested' | 'approved';
  review_id: string | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

/** A live Travel Rule transfer as the operator's desk lists it. */
export interface TravelRuleTransferBody {
  transfer_id: string;
  account_id: string;
  chain: string;
  asset: string;
  amount: string;
  to_address: string;
  travel_address: string;
  beneficiary_name: string;
  status: 'pending' | 'approved' | 'rejected' | 'partial';
  created_at: string;
  decided_at: string | null;
}

type Caller = Pick<TestAccount, 'headers'>;

/** A TRON address (published vector): valid on either network. */
export const TRON_ADDRESS = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';
/** An Ethereum address in lower case: the API answers its EIP-55 form. */
export const ETH_ADDRESS = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
/** An Ethereum address the sandbox lists as severe risk (it ends `bad`). */
export const SEVERE_ETH_ADDRESS = '0x1234567890abcdef1234567890abcdef12345bad';
/** Bitcoin testnet and mainnet (BIP-173 vectors). */
export const BTC_TESTNET_ADDRESS = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
export const BTC_MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let key_counter = 0;
/** An idempotency key no other call uses. */
export const withdrawalKey = (label = 'wdr') => `${label}-${Date.now()}-${++key_counter}`;

/** A tron USDT withdrawal of `amount` under a fresh key; `overrides` replace its fields. */
export const tronUsdt = (amount: string, overrides: Record<string, unknown> = {}) => ({
  chain: 'tron',
  asset: 'USDT',
  amount,
  to_address: TRON_ADDRESS,
  idempotency_key: withdrawalKey(),
  ...overrides,
});

const FINAL = ['completed', 'failed'];

/** The crypto withdrawal routes, and the balance reads their effect is checked with. */
export function cryptoWithdrawalsClient(target: Target) {
  const client = http(target);

  /** A confirmed person of `org` (D5 demo history funds it with USD and USDT). */
  const register = (org = 'demo'): Promise<TestAccount> =>
    openAccount(client, { label: 'withdrawals', registration: { org, locale: 'en' } });

  /** `POST /v1/crypto/withdrawals` as sent: the raw response, for status and error checks. */
  const createRaw = (caller: Caller, body: unknown, headers: Record<string, string> = {}) =>
    client.request('POST', '/v1/crypto/withdrawals', {
      headers: { ...caller.headers, ...headers },
      body,
    });

  /** A withdrawal the platform accepted (202). */
  const create = async (caller: Caller, body: Record<string, unknown>) =>
    json<CryptoWithdrawalBody>(await createRaw(caller, body), 202);

  const getRaw = (caller: Caller, withdrawal_id: string) =>
    client.request('GET', `/v1/crypto/withdrawals/${withdrawal_id}`, { headers: caller.headers });

  const get = async (caller: Caller, withdrawal_id: string) =>
    json<CryptoWithdrawalBody>(await getRaw(caller, withdrawal_id), 200);

  const listRaw = (caller: Caller, query = '') =>
    client.request('GET', `/v1/crypto/withdrawals${query}`, { headers: caller.headers });

  const list = async (caller: Caller, query = '') =>
    (
      await json<{ page: number; page_size: number; withdrawals: CryptoWithdrawalBody[] }>(
        await listRaw(caller, query),
        200,
      )
    ).withdrawals;

  /** Reads the withdrawal until `done` holds (by default: completed or failed). */
  const awaitWithdrawal = (
    caller: Caller,
    withdrawal_id: string,
    done: (withdrawal: CryptoWithdrawalBody) => boolean = (w) => FINAL.includes(w.status),
  ) => eventually(() => get(caller, withdrawal_id), done, { attempts: 1200, poll_ms: 25 });

  /** `{available, held}` of an asset as `GET /v1/balances` shows it, as Big numbers. */
  const balance = async (caller: Caller, asset = 'USDT') => {
    const { balances } = await json<{
      balances: { asset: string; available: string; held: string }[];
    }>(await client.request('GET', '/v1/balances', { headers: caller.headers }), 200);
    const row = balances.find((each) => each.asset === asset);
    return { available: new Big(row?.available ?? '0'), held: new Big(row?.held ?? '0') };
  };

  /** `available/held` once it equals `expected` (a step may still be on its way). */
  const awaitBalance = (caller: Caller, expected: { available: Big; held: Big }, asset = 'USDT') =>
    eventually(
      () => balance(caller, asset),
      (seen) => seen.available.eq(expected.available) && seen.held.eq(expected.held),
      { attempts: 1200, poll_ms: 25 },
    );

  /** `POST /v1/swaps`: how a suite turns the demo USD into BTC or USDC to withdraw. */
  const swap = (caller: Caller, body: Record<string, unknown>) =>
    client.request('POST', '/v1/swaps', { headers: caller.headers, body });

  /** The operator's live Travel Rule desk (`/admin/v1/crypto/travel-rule`). */
  const travelRuleTransfers = async (query = '') =>
    (
      await json<{ transfers: TravelRuleTransferBody[] }>(
        await client.operator('GET', `/admin/v1/crypto/travel-rule${query}`),
        200,
      )
    ).transfers;
  const decideTravelRule = (transfer_id: string, decision: string) =>
    client.operator('POST', `/admin/v1/crypto/travel-rule/${transfer_id}/decision`, { decision });

  return {
    register,
    swap,
    travelRuleTransfers,
    decideTravelRule,
    createRaw,
    create,
    getRaw,
    get,
    listRaw,
    list,
    awaitWithdrawal,
    balance,
    awaitBalance,
  };
}
