import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { closeServer, readJson, reply } from './baseline-http';

/**
 * The bare floor the crypto benchmark measures the platform against: one HTTP server and one
 * PostgreSQL database on the same server as the platform's, doing the same durable work per
 * operation with nothing else (no authentication, no bus, no events, no screening, no ledger
 * hash chain). It answers the same routes and shapes the load generator uses:
 * - a sandbox deposit is a row; a block loop advances a chain head every `step_ms` and, once a
 *   deposit has its confirmations, credits the balance and marks it credited in one transaction;
 * - a withdrawal holds amount + fee in one transaction (refused when the balance is short, one
 *   row per idempotency key), and is posted (completed) once it has its confirmations.
 */
export interface BaselineOptions {
  pool: Pool;
  step_ms: number;
  confirmations: number;
  withdrawal_fee: string;
}

const SCHEMA = `
create table if not exists balances (asset text primary key, available numeric not null, held numeric not null);
create table if not exists deposits (deposit_id uuid primary key, address text not null, amount numeric not null,
  block bigint not null, status text not null);
create index if not exists deposits_pending on deposits (block) where status = 'pending';
create table if not exists withdrawals (withdrawal_id uuid primary key, idempotency_key text unique not null,
  amount numeric not null, fee numeric not null, to_address text not null, block bigint not null, status text not null);
create index if not exists withdrawals_pending on withdrawals (block) where status = 'processing';
create table if not exists chain_head (singleton boolean primary key default true, height bigint not null);
insert into chain_head (height) values (0) on conflict do nothing;
insert into balances values ('USDT', 0, 0) on conflict do nothing;
`;

export async function startBaseline(
  options: BaselineOptions,
): Promise<{ base_url: string; close(): Promise<void> }> {
  await options.pool.query(SCHEMA);
  let running = true;
  const loop = (async () => {
    while (running) {
      await advanceBlock(options).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, options.step_ms));
    }
  })();
  const server = createServer((request, response) => {
    void route(options, request, response).catch((error: unknown) =>
      reply(response, 500, { error: 'internal', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      running = false;
      await loop;
      await closeServer(server);
    },
  };
}

async function advanceBlock(options: BaselineOptions): Promise<void> {
  await withTransaction(options.pool, async (client) => {
    const { rows } = await client.query<{ height: string }>(
      'update chain_head set height = height + 1 returning height',
    );
    const final_block = BigInt(rows[0]!.height) - BigInt(options.confirmations);
    await client.query(
      `with credited as (update deposits set status = 'credited'
         where status = 'pending' and block <= $1 returning amount)
       update balances set available = available + coalesce((select sum(amount) from credited), 0)
       where asset = 'USDT'`,
      [final_block.toString()],
    );
    await client.query(
      `with posted as (update withdrawals set status = 'completed'
         where status = 'processing' and block <= $1 returning amount + fee as total)
       update balances set held = held - coalesce((select sum(total) from posted), 0)
       where asset = 'USDT'`,
      [final_block.toString()],
    );
  });
}

async function route(options: BaselineOptions, request: IncomingMessage, response: ServerResponse) {
  const body = request.method === 'POST' ? await readJson(request) : {};
  const { pool } = options;
  const url = request.url ?? '/';
  if (request.method === 'POST' && url === '/v1/crypto/wallets')
    return reply(response, 201, { address: `T${randomBytes(16).toString('hex')}` });
  if (request.method === 'POST' && url === '/v1/sandbox/crypto/deposits') {
    const deposit_id = randomUUID();
    await pool.query(
      `insert into deposits select $1, $2, $3, height + 1, 'pending' from chain_head`,
      [deposit_id, body.address, body.amount],
    );
    return reply(response, 202, { deposit_id, status: 'pending' });
  }
  if (request.method === 'GET' && url === '/v1/balances') {
    const { rows } = await pool.query('select asset, available::text, held::text from balances');
    return reply(response, 200, { balances: rows });
  }
  if (request.method === 'POST' && url === '/v1/crypto/withdrawals')
    return createWithdrawal(options, body, response);
  const withdrawal = /^\/v1\/crypto\/withdrawals\/([0-9a-f-]{36})$/.exec(url);
  if (request.method === 'GET' && withdrawal) {
    const { rows } = await pool.query(
      'select withdrawal_id, status from withdrawals where withdrawal_id = $1',
      [withdrawal[1]],
    );
    return rows[0] ? reply(response, 200, rows[0]) : reply(response, 404, { error: 'not_found' });
  }
  return reply(response, 404, { error: 'not_found', message: 'route not found' });
}

async function createWithdrawal(
  options: BaselineOptions,
  body: Record<string, string>,
  response: ServerResponse,
): Promise<void> {
  const answer = await withTransaction(options.pool, async (client) => {
    const held = await client.query(
      `update balances set available = available - ($1::numeric + $2::numeric),
         held = held + ($1::numeric + $2::numeric)
       where asset = 'USDT' and available >= $1::numeric + $2::numeric`,
      [body.amount, options.withdrawal_fee],
    );
    if (held.rowCount !== 1) return null;
    const { rows } = await client.query<{ withdrawal_id: string }>(
      `insert into withdrawals select $1, $2, $3, $4, $5, height + 1, 'processing' from chain_head
       returning withdrawal_id`,
      [randomUUID(), body.idempotency_key, body.amount, options.withdrawal_fee, body.to_address],
    );
    return rows[0]!;
  });
  if (!answer) return reply(response, 422, { error: 'insufficient_funds', message: 'short' });
  reply(response, 202, { ...answer, status: 'processing' });
}
