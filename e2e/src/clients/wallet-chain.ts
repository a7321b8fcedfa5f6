import { type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** Segregated wallets on chain (decisions D9): balance, history, sends, auto-forward. */
export interface WalletBalanceBody {
  wallet_id: string;
  chain: string;
  asset: string;
  balance: string;
  native_coin: string;
  native_balance: string;
  pending_incoming?: string;
}

export interface WalletDepositBody {
  deposit_id: string;
  wallet_id: string;
  asset: string;
  tx_id: string;
  from_address: string;
  amount: string;
  amount_raw: string;
  status: 'pending' | 'confirmed' | 'failed';
  forward: { status: string; send_id: string | null; reason: string | null } | null;
}

export interface WalletTransactionBody {
  transaction_id: string;
  direction: 'in' | 'out';
  kind: 'deposit' | 'send' | 'external';
  asset: string;
  tx_id: string;
  amount: string;
  amount_raw: string;
  network_fee: string | null;
  status: 'pending' | 'confirmed' | 'failed';
  send_id: string | null;
}

export interface WalletSendBody {
  send_id: string;
  wallet_id: string;
  chain: string;
  asset: string;
  to_address: string;
  amount: string;
  network_fee: string;
  tx_id: string | null;
  status: 'pending' | 'broadcast' | 'completed' | 'failed';
  failure_reason: string | null;
  idempotency_key: string;
  created_at: string;
}

export interface ExternalMovementBody {
  wallet_id: string;
  asset: string;
  direction: 'in' | 'out';
  amount: string;
  tx_id: string;
}

type Caller = Pick<TestAccount, 'headers'>;

export function walletChainClient(target: Target) {
  const client = http(target);
  const send = (caller: Caller, method: string, route: string, body?: unknown) =>
    client.request(method, route, { headers: caller.headers, body });
  const base = (wallet_id: string) => `/v1/segregated-wallets/${wallet_id}`;

  const balanceRaw = (caller: Caller, wallet_id: string) =>
    send(caller, 'GET', `${base(wallet_id)}/balance`);
  const balance = async (caller: Caller, wallet_id: string) =>
    json<WalletBalanceBody>(await balanceRaw(caller, wallet_id), 200);
  const depositsRaw = (caller: Caller, wallet_id: string, query = '') =>
    send(caller, 'GET', `${base(wallet_id)}/deposits${query}`);
  const deposits = async (caller: Caller, wallet_id: string) =>
    (await json<{ deposits: WalletDepositBody[] }>(await depositsRaw(caller, wallet_id), 200))
      .deposits;
  const transactionsRaw = (caller: Caller, wallet_id: string, query = '') =>
    send(caller, 'GET', `${base(wallet_id)}/transactions${query}`);
  const transactions = async (caller: Caller, wallet_id: string) =>
    (
      await json<{ transactions: WalletTransactionBody[] }>(
        await transactionsRaw(caller, wallet_id),
        200,
      )
    ).transactions;

  const sendRaw = (caller: Caller, wallet_id: string, body: unknown) =>
    send(caller, 'POST', `${base(wallet_id)}/sends`, body);
  const createSend = async (caller: Caller, wallet_id: string, body: Record<string, unknown>) =>
    json<WalletSendBody>(await sendRaw(caller, wallet_id, body), 202);
  const sendsRaw = (caller: Caller, wallet_id: string, query = '') =>
    send(caller, 'GET', `${base(wallet_id)}/sends${query}`);
  const getSendRaw = (caller: Caller, wallet_id: string, send_id: string) =>
    send(caller, 'GET', `${base(wallet_id)}/sends/${send_id}`);
  const receiptRaw = (caller: Caller, wallet_id: string, send_id: string, query = '') =>
    send(caller, 'GET', `${base(wallet_id)}/sends/${send_id}/receipt${query}`);
  /** Polls the send until it is final. */
  const settledSend = (caller: Caller, wallet_id: string, send_id: string) =>
    eventually(
      async () => json<WalletSendBody>(await getSendRaw(caller, wallet_id, send_id), 200),
      (body) => body.status === 'completed' || body.status === 'failed',
      { attempts: 1200, poll_ms: 50 },
    );

  const autoForwardRaw = (caller: Caller, wallet_id: string, body?: unknown) =>
    send(caller, body === undefined ? 'GET' : 'POST', `${base(wallet_id)}/auto-forward`, body);

  const moveRaw = (caller: Caller, wallet_id: string, body: unknown) =>
    send(caller, 'POST', `/v1/sandbox/segregated-wallets/${wallet_id}/external-movements`, body);
  const move = async (caller: Caller, wallet_id: string, body: Record<string, unknown>) =>
    json<ExternalMovementBody>(await moveRaw(caller, wallet_id, body), 202);

  /** Polls the balance until `accept` holds. */
  const balanceWhen = (
    caller: Caller,
    wallet_id: string,
    accept: (body: WalletBalanceBody) => boolean,
  ) => eventually(() => balance(caller, wallet_id), accept, { attempts: 1200, poll_ms: 50 });

  return {
    balanceRaw,
    balance,
    balanceWhen,
    depositsRaw,
    deposits,
    transactionsRaw,
    transactions,
    sendRaw,
    createSend,
    sendsRaw,
    getSendRaw,
    receiptRaw,
    settledSend,
    autoForwardRaw,
    moveRaw,
    move,
  };
}
export type WalletChainClient = ReturnType<typeof walletChainClient>;
