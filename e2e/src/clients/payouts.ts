import type { PayoutStatusChanged, Statement } from '@platform/contracts';
import type { Asset } from '@platform/money';
import Big from 'big.js';
import { openAccount, type TestAccount } from './accounts';
import { bearer, eventually, http, json, type Target } from './http';

/** A payout as `POST /v1/payouts` and `GET /v1/payouts/{id}` answer it (spec §4 "Payouts"). */
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

/** A pix payout body of `amount` BRL to a fixed beneficiary; `overrides` replace its fields. */
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

const FINAL_STATUSES = ['completed', 'failed'];

/** A row of a statement's totals by kind. */
export type StatementTotal = Statement['totals_by_kind'][number];

/** The payouts routes, and the balance reads a payout's effect is checked with. */
export function payoutsClient(target: Target) {
  const client = http(target);

  /** A confirmed person of `org` (D5 demo history funds it). */
  const register = (org = 'demo'): Promise<TestAccount> =>
    openAccount(client, { label: 'payouts', registration: { org, locale: 'en' } });

  const create = async (account: Pick<TestAccount, 'headers'>, body: Record<string, unknown>) => {
    const response = await client.request('POST', '/v1/payouts', {
      headers: account.headers,
      body,
    });
    return { status: response.status, body: (await response.json()) as PayoutBody };
  };

  const get = async (account: Pick<TestAccount, 'headers'>, payout_id: string) =>
    json<PayoutBody>(
      await client.request('GET', `/v1/payouts/${payout_id}`, { headers: account.headers }),
      200,
    );

  /** Reads the payout until `done` holds (by default: completed or failed). */
  const awaitPayout = (
    account: Pick<TestAccount, 'headers'>,
    payout_id: string,
    done: (payout: PayoutBody) => boolean = (payout) => FINAL_STATUSES.includes(payout.status),
  ) => eventually(() => get(account, payout_id), done, { attempts: 1200, poll_ms: 25 });

  /** `available/held` of an asset, as `GET /v1/balances` shows it. */
  const balance = async (account: Pick<TestAccount, 'headers'>, asset = 'USD'): Promise<string> => {
    const { balances } = await json<{
      balances: { asset: string; available: string; held: string }[];
    }>(await client.request('GET', '/v1/balances', { headers: account.headers }), 200);
    const row = balances.find((each) => each.asset === asset);
    return row ? `${row.available}/${row.held}` : '';
  };

  /** The balance once it shows `expected` (a step may still be on its way). */
  const awaitBalance = (account: Pick<TestAccount, 'headers'>, expected: string, asset = 'USD') =>
    eventually(
      () => balance(account, asset),
      (seen) => seen === expected,
      { attempts: 1200, poll_ms: 25 },
    );

  /**
   * The statement's totals by kind (`GET /v1/reports/statement`), as its XLSX workbook lists
   * them on its second sheet: one row per kind and asset, amounts as decimal strings.
   */
  const statementTotals = async (account: Pick<TestAccount, 'headers'>) => {
    const response = await client.request('GET', '/v1/reports/statement?format=xlsx', {
      headers: account.headers,
    });
    if (response.status !== 200) throw new Error(`statement: ${response.status}`);
    // Loaded when a suite reads a workbook: every suite imports the clients, few read XLSX.
    const [{ default: ExcelJS }, { decimalsOf }] = await Promise.all([
      import('exceljs'),
      import('@platform/money'),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const [, totals] = workbook.worksheets;
    const rows: StatementTotal[] = [];
    totals?.eachRow((row, number) => {
      if (number === 1) return; // the header
      const [kind, asset, credits, debits, count] = (row.values as unknown[]).slice(1);
      // Amounts are number cells with the asset's decimals: read back as the decimal strings they show.
      const decimal = (cell: unknown) => new Big(String(cell)).toFixed(decimalsOf(asset as Asset));
      rows.push({
        kind,
        asset,
        credits: decimal(credits),
        debits: decimal(debits),
        count,
      } as StatementTotal);
    });
    return rows;
  };

  return {
    request: client.request,
    operator: client.operator,
    register,
    create,
    get,
    awaitPayout,
    balance,
    awaitBalance,
    statementTotals,
  };
}

export type PayoutsClient = ReturnType<typeof payoutsClient>;

/** A message as the operator's bus tail writes it: one NDJSON line per message published. */
export interface TailedMessage {
  topic: string;
  key: string | null;
  payload: unknown;
}

/**
 * The operator's live tail of the bus (`GET /admin/v1/bus/tail`, NDJSON), on either runtime:
 * answers once the gateway says its subscription is in place, then keeps every message published
 * on `topics` from that moment on. `close` it before the platform closes.
 */
export async function openBusTail(target: Target, topics: string[]) {
  const client = http(target);
  const abort = new AbortController();
  const response = await fetch(`${client.base_url}/admin/v1/bus/tail?topics=${topics.join(',')}`, {
    headers: bearer(client.operator_token),
    signal: abort.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`bus tail: ${response.status} ${await response.text()}`);
  const messages: TailedMessage[] = [];
  let tailing = false;
  const pump = async (body: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = JSON.parse(buffer.slice(0, end)) as Partial<TailedMessage> & {
            tailing?: string[];
          };
          buffer = buffer.slice(end + 1);
          if (line.tailing) tailing = true;
          else if (line.topic) messages.push(line as TailedMessage);
        }
      }
    } catch {
      // closed by the test
    }
  };
  void pump(response.body);
  await eventually(
    () => Promise.resolve(tailing),
    (ready) => ready,
  );
  return { messages, close: () => abort.abort() };
}

/** A payout's `payouts.payout_status_changed` as `events.payouts` carries it. */
export interface PayoutChange {
  type: string;
  data: PayoutStatusChanged;
}

/** The payout status changes published from now on (the operator's tail of `events.payouts`). */
export async function tailPayoutChanges(target: Target) {
  const tail = await openBusTail(target, ['events.payouts']);
  const of = (payout_id: string): PayoutChange[] =>
    tail.messages
      .map((message) => message.payload as PayoutChange)
      .filter((change) => change.data.payout_id === payout_id);
  /** The payout's changes once there are `until` of them, or once `until` holds of them. */
  const awaitOf = (payout_id: string, until: number | ((changes: PayoutChange[]) => boolean)) =>
    eventually(
      () => Promise.resolve(of(payout_id)),
      typeof until === 'number' ? (changes) => changes.length >= until : until,
    );
  return { of, awaitOf, close: tail.close };
}

export type PayoutChanges = Awaited<ReturnType<typeof tailPayoutChanges>>;
