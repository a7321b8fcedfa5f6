import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { withTransaction } from '@platform/persistence';
import { closeServer, readJson, reply } from './baseline-http';

/**
 * The bare floor the risk benchmark measures the platform against: one HTTP server and one
 * PostgreSQL database on the platform's server, doing the same durable work with nothing else
 * (no authentication, no bus, no events, no bureau, no payment history, no consent check):
 * - a batch is a row and its items, stored in one transaction; a background run takes 100
 *   pending items at a time, scores each (a hash of its document), stores a report per item and
 *   the items' results and the batch's progress in one transaction per chunk;
 * - a report is scored the same way and stored as one row (one per idempotency key).
 */
const SCHEMA = `
create table if not exists batches (batch_id uuid primary key, status text not null,
  total int not null, processed int not null default 0);
create table if not exists items (batch_id uuid not null, position int not null, country text not null,
  doc_id text not null, subject_type text not null, status text not null, score int, report_id uuid,
  primary key (batch_id, position));
create index if not exists items_pending on items (batch_id, position) where status = 'pending';
create table if not exists reports (report_id uuid primary key, idempotency_key text unique,
  country text not null, doc_id text not null, subject_type text not null, purpose text not null,
  score int not null, band text not null, evaluated_at timestamptz not null default now());
`;

const CHUNK_SIZE = 100;

function scoreOf(doc_id: string): { score: number; band: string } {
  const score = 300 + (createHash('sha256').update(doc_id).digest().readUInt16BE(0) % 551);
  const band =
    score >= 750 ? 'A' : score >= 650 ? 'B' : score >= 550 ? 'C' : score >= 450 ? 'D' : 'E';
  return { score, band };
}

export async function startRiskBaseline(
  pool: Pool,
): Promise<{ base_url: string; close(): Promise<void> }> {
  await pool.query(SCHEMA);
  const runs = new Set<Promise<void>>();
  const server = createServer((request, response) => {
    void route(pool, runs, request, response).catch((error: unknown) =>
      reply(response, 500, { error: 'internal', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await Promise.all(runs);
      await closeServer(server);
    },
  };
}

async function route(
  pool: Pool,
  runs: Set<Promise<void>>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const body = request.method === 'POST' ? await readJson(request) : {};
  const url = request.url ?? '/';
  if (request.method === 'POST' && url === '/v1/qscore/batches') {
    const batch_id = randomUUID();
    const items = body.items as { country: string; doc_id: string; subject_type: string }[];
    await withTransaction(pool, async (client) => {
      await client.query(`insert into batches values ($1, 'queued', $2)`, [batch_id, items.length]);
      await client.query(
        `insert into items select $1, position, country, doc_id, subject_type, 'pending'
           from unnest($2::int[], $3::text[], $4::text[], $5::text[])
             as item (position, country, doc_id, subject_type)`,
        [
          batch_id,
          items.map((_, index) => index + 1),
          items.map((item) => item.country),
          items.map((item) => item.doc_id),
          items.map((item) => item.subject_type),
        ],
      );
    });
    const run = runBatch(pool, batch_id).finally(() => runs.delete(run));
    runs.add(run);
    return reply(response, 201, { batch_id, status: 'queued', processed: 0, total: items.length });
  }
  const batch = /^\/v1\/qscore\/batches\/([0-9a-f-]{36})$/.exec(url);
  if (request.method === 'GET' && batch) {
    const { rows } = await pool.query(
      'select batch_id, status, processed, total from batches where batch_id = $1',
      [batch[1]],
    );
    return rows[0] ? reply(response, 200, rows[0]) : reply(response, 404, { error: 'not_found' });
  }
  if (request.method === 'POST' && url === '/v1/qscore/reports') {
    const { score, band } = scoreOf(String(body.doc_id));
    const { rows } = await pool.query(
      `insert into reports (report_id, idempotency_key, country, doc_id, subject_type, purpose, score, band)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning report_id, score, band, evaluated_at`,
      [
        randomUUID(),
        body.idempotency_key,
        body.country,
        body.doc_id,
        body.subject_type,
        body.purpose,
        score,
        band,
      ],
    );
    return reply(response, 201, rows[0]);
  }
  return reply(response, 404, { error: 'not_found', message: 'route not found' });
}

/** The batch's run: chunk after chunk, reports, item results and progress in one transaction. */
async function runBatch(pool: Pool, batch_id: string): Promise<void> {
  for (;;) {
    const done = await withTransaction(pool, async (client) => {
      const { rows } = await client.query<{
        position: number;
        country: string;
        doc_id: string;
        subject_type: string;
      }>(
        `select position, country, doc_id, subject_type from items
          where batch_id = $1 and status = 'pending' order by position limit $2`,
        [batch_id, CHUNK_SIZE],
      );
      for (const item of rows) {
        const { score, band } = scoreOf(item.doc_id);
        const report_id = randomUUID();
        await client.query(
          `insert into reports (report_id, country, doc_id, subject_type, purpose, score, band)
           values ($1, $2, $3, $4, 'credit_evaluation', $5, $6)`,
          [report_id, item.country, item.doc_id, item.subject_type, score, band],
        );
        await client.query(
          `update items set status = 'completed', score = $3, report_id = $4
            where batch_id = $1 and position = $2`,
          [batch_id, item.position, score, report_id],
        );
      }
      await client.query(
        `update batches set processed = processed + $2,
           status = case when processed + $2 >= total then 'completed' else 'processing' end
         where batch_id = $1`,
        [batch_id, rows.length],
      );
      return rows.length < CHUNK_SIZE;
    });
    if (done) return;
  }
}
