import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { createPool, withTransaction } from '@platform/persistence';

/**
 * The bare floor `api.bench.ts` measures the public API against: bare Fastify and pg on the
 * platform's PostgreSQL server, doing the durable writes of each route in one transaction with
 * nothing else (no bus, no events, no projections, no notifications, no risk or compliance):
 * - every request verifies the session JWT (HS256, jose) and has its body parsed and validated
 *   by Fastify's compiled schema;
 * - POST /v1/transfers: the idempotency row, the payer's debit (never below zero) and the payee's
 *   credit, the transfer row and its two legs;
 * - POST /v1/payouts and POST /v1/payins: the idempotency row, one balance update (a debit never
 *   below zero, a credit), the payout or payin row and its one leg.
 * A replayed idempotency key answers the stored response. Run as its own process (`fork`, see
 * `main` below) so that its CPU time is its own.
 */
export const BASELINE_ISSUER = 'bench-baseline';

const SCHEMA = `
create table if not exists idempotency (account_id text not null, key text not null,
  response jsonb not null, primary key (account_id, key));
create table if not exists balances (account_id text not null, asset text not null,
  available numeric not null check (available >= 0), primary key (account_id, asset));
create table if not exists transfers (transfer_id uuid primary key, from_account_id text not null,
  to_account_id text not null, asset text not null, amount numeric not null,
  created_at timestamptz not null default now());
create table if not exists payouts (payout_id uuid primary key, account_id text not null,
  country text not null, currency text not null, method text not null, amount numeric not null,
  beneficiary jsonb not null, status text not null, created_at timestamptz not null default now());
create table if not exists payins (payin_id uuid primary key, account_id text not null,
  country text not null, currency text not null, method text not null, amount numeric not null,
  status text not null, created_at timestamptz not null default now());
create table if not exists legs (leg_id uuid primary key, operation_id uuid not null,
  account_id text not null, asset text not null, amount numeric not null,
  created_at timestamptz not null default now());
`;

const AMOUNT = { type: 'string', pattern: '^[0-9]{1,15}(\\.[0-9]{1,8})?$' } as const;
const KEY = { type: 'string', minLength: 1, maxLength: 256 } as const;
const CODE = { type: 'string', minLength: 2, maxLength: 3 } as const;

const TRANSFER_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['recipient', 'asset', 'amount', 'idempotency_key'],
  properties: {
    recipient: { type: 'string', minLength: 1 },
    asset: CODE,
    amount: AMOUNT,
    idempotency_key: KEY,
  },
} as const;

const PAYOUT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['country', 'currency', 'method', 'amount', 'beneficiary', 'idempotency_key'],
  properties: {
    country: CODE,
    currency: CODE,
    method: { type: 'string' },
    amount: AMOUNT,
    beneficiary: {
      type: 'object',
      required: ['name', 'account_number'],
      properties: { name: { type: 'string' }, account_number: { type: 'string' } },
    },
    idempotency_key: KEY,
  },
} as const;

const PAYIN_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'country', 'currency', 'amount', 'idempotency_key'],
  properties: {
    method: { type: 'string' },
    country: CODE,
    currency: CODE,
    amount: AMOUNT,
    idempotency_key: KEY,
  },
} as const;

type Body = Record<string, any>;
// jose ships as an ES module only; this CommonJS build loads it on first use.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose_module: Promise<Jose> | undefined;
export const loadJose = (): Promise<Jose> => (jose_module ??= import('jose'));

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** The account id the session JWT names. */
async function authenticate(request: FastifyRequest, key: Uint8Array): Promise<string> {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new Refused(401, 'unauthorized');
  const jose = await loadJose();
  const { payload } = await jose
    .jwtVerify(token, key, {
      issuer: BASELINE_ISSUER,
      audience: BASELINE_ISSUER,
      algorithms: ['HS256'],
    })
    .catch(() => {
      throw new Refused(401, 'unauthorized');
    });
  return payload.sub!;
}

function positive(amount: string): string {
  if (!new Big(amount).gt(0)) throw new Refused(400, 'invalid_amount');
  return amount;
}

/** Claims the key with the response it will answer; a replay gets the stored one. */
async function claim(
  client: PoolClient,
  account_id: string,
  key: string,
  response: Body,
): Promise<Body | undefined> {
  const claimed = await client.query(
    `insert into idempotency (account_id, key, response) values ($1, $2, $3)
     on conflict do nothing`,
    [account_id, key, response],
  );
  if (claimed.rowCount === 1) return undefined;
  const stored = await client.query<{ response: Body }>(
    'select response from idempotency where account_id = $1 and key = $2',
    [account_id, key],
  );
  return stored.rows[0]!.response;
}

async function debit(client: PoolClient, account_id: string, asset: string, amount: string) {
  const debited = await client.query(
    `update balances set available = available - $3
      where account_id = $1 and asset = $2 and available >= $3`,
    [account_id, asset, amount],
  );
  if (debited.rowCount !== 1) throw new Refused(402, 'insufficient_funds');
}

async function credit(client: PoolClient, account_id: string, asset: string, amount: string) {
  await client.query(
    `insert into balances (account_id, asset, available) values ($1, $2, $3)
     on conflict (account_id, asset) do update set available = balances.available + $3`,
    [account_id, asset, amount],
  );
}

async function transfer(client: PoolClient, account_id: string, body: Body): Promise<Body> {
  const amount = positive(body.amount as string);
  if (body.recipient === account_id) throw new Refused(400, 'self_transfer');
  const transfer_id = randomUUID();
  const response = { transfer_id, status: 'completed', asset: body.asset, amount };
  const replay = await claim(client, account_id, body.idempotency_key as string, response);
  if (replay) return replay;
  await debit(client, account_id, body.asset as string, amount);
  await credit(client, body.recipient as string, body.asset as string, amount);
  await client.query(
    `insert into transfers (transfer_id, from_account_id, to_account_id, asset, amount)
     values ($1, $2, $3, $4, $5)`,
    [transfer_id, account_id, body.recipient, body.asset, amount],
  );
  await client.query(
    `insert into legs (leg_id, operation_id, account_id, asset, amount)
     values ($1, $3, $4, $6, -$7::numeric), ($2, $3, $5, $6, $7::numeric)`,
    [randomUUID(), randomUUID(), transfer_id, account_id, body.recipient, body.asset, amount],
  );
  return response;
}

async function payout(client: PoolClient, account_id: string, body: Body): Promise<Body> {
  const amount = positive(body.amount as string);
  const payout_id = randomUUID();
  const response = { payout_id, status: 'pending', local_amount: amount };
  const replay = await claim(client, account_id, body.idempotency_key as string, response);
  if (replay) return replay;
  await debit(client, account_id, 'USD', amount);
  await client.query(
    `insert into payouts (payout_id, account_id, country, currency, method, amount, beneficiary, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'pending')`,
    [payout_id, account_id, body.country, body.currency, body.method, amount, body.beneficiary],
  );
  await client.query(
    `insert into legs (leg_id, operation_id, account_id, asset, amount)
     values ($1, $2, $3, 'USD', -$4::numeric)`,
    [randomUUID(), payout_id, account_id, amount],
  );
  return response;
}

async function payin(client: PoolClient, account_id: string, body: Body): Promise<Body> {
  const amount = positive(body.amount as string);
  const payin_id = randomUUID();
  const response = { payin_id, status: 'pending', local_amount: amount };
  const replay = await claim(client, account_id, body.idempotency_key as string, response);
  if (replay) return replay;
  await credit(client, account_id, body.currency as string, amount);
  await client.query(
    `insert into payins (payin_id, account_id, country, currency, method, amount, status)
     values ($1, $2, $3, $4, $5, $6, 'pending')`,
    [payin_id, account_id, body.country, body.currency, body.method, amount],
  );
  await client.query(
    `insert into legs (leg_id, operation_id, account_id, asset, amount)
     values ($1, $2, $3, $4, $5)`,
    [randomUUID(), payin_id, account_id, body.currency, amount],
  );
  return response;
}

export interface ApiBaselineOptions {
  database_url: string;
  /** The HS256 key the bench signs the payers' tokens with. */
  jwt_secret: string;
  /** Opening balance of each account in `accounts`, in USD. */
  accounts: string[];
  opening_balance: string;
  max_connections: number;
}

export async function startApiBaseline(
  options: ApiBaselineOptions,
): Promise<{ base_url: string; close(): Promise<void> }> {
  const pool = createPool({ url: options.database_url, max_connections: options.max_connections });
  await pool.query(SCHEMA);
  await pool.query(
    `insert into balances (account_id, asset, available) select unnest($1::text[]), 'USD', $2
     on conflict (account_id, asset) do update set available = excluded.available`,
    [options.accounts, options.opening_balance],
  );
  const key = new TextEncoder().encode(options.jwt_secret);
  const app: FastifyInstance = Fastify({ logger: false });
  const route =
    (write: (client: PoolClient, account_id: string, body: Body) => Promise<Body>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const account_id = await authenticate(request, key);
        const body = request.body as Body;
        const response = await withTransaction(pool, (client) => write(client, account_id, body));
        return await reply.code(201).send(response);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        return reply.code(error.status).send({ error: error.code, message: error.code });
      }
    };
  app.post('/v1/transfers', { schema: { body: TRANSFER_BODY } }, route(transfer));
  app.post('/v1/payouts', { schema: { body: PAYOUT_BODY } }, route(payout));
  app.post('/v1/payins', { schema: { body: PAYIN_BODY } }, route(payin));
  // What the load generator opens its connections with, as it does on the platform.
  app.get('/healthz', async () => ({ status: 'ok' }));
  const base_url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base_url,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * As a child process: starts with the options in argv[2], sends `{base_url}`, then answers each
 * `'cpu'` message with its `process.cpuUsage()` and stops on `'stop'` or when its parent is gone.
 */
if (require.main === module) {
  const options = JSON.parse(process.argv[2] ?? '{}') as ApiBaselineOptions;
  startApiBaseline(options).then(
    (baseline) => {
      // A bench that dies without stopping it must not leave it running.
      process.once('disconnect', () => process.exit(0));
      process.on('message', (message: string) => {
        if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
        if (message === 'stop') void baseline.close().then(() => process.exit(0));
      });
      process.send?.({ base_url: baseline.base_url });
    },
    (error: unknown) => {
      process.send?.({ error: String(error) });
      process.exit(1);
    },
  );
}
