import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startPlatform, type RunningPlatform } from '@platform/all-in-one';
import { startEmbeddedPostgres } from '@platform/persistence';
import { percentile } from './stats';

/**
 * Events benchmarks (issue 7). Prints figures, asserts nothing. On one all-in-one platform:
 * 1. committed domain event -> webhook received, p50/p99, under a steady publishing rate;
 * 2. BENCH_STREAMS concurrent SSE streams of one account: fan-out latency of each event to every
 *    stream (p50/p99) and the process's memory before and after opening them (the clients run
 *    in the same process, so the figure is an upper bound for the gateway).
 */
process.env.LOG_LEVEL ??= 'warn';
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 300);
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 50);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const FANOUT_EVENTS = Number(process.env.BENCH_FANOUT_EVENTS ?? 20);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55447);
/** Webhook load is spread over this many accounts (one account's events are projected in order). */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10);

async function waitFor(condition: () => boolean, timeout_ms = 120_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('benchmark stalled');
    await sleep(10);
  }
}

function figures(label: string, samples_ms: number[]): string {
  const sorted = [...samples_ms].sort((a, b) => a - b);
  return `${label}: ${samples_ms.length} samples, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function account(base: string): Promise<{ token: string; account_id: string }> {
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `bench-events-${Date.now()}-${randomUUID().slice(0, 6)}@example.com`;
  await post('/v1/auth/register', {
    org: 'demo',
    type: 'person',
    email,
    password: 'correct horse battery',
    display_name: 'Bench Events',
  });
  const session = (await (
    await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' })
  ).json()) as { access_token: string; account_id?: string; account?: { id: string } };
  return {
    token: session.access_token,
    account_id: session.account_id ?? session.account?.id ?? '',
  };
}

/** A committed ledger event as its relay would publish it; `amount` tags it for matching. */
function publishTransfer(platform: RunningPlatform, account_id: string, tag: number) {
  return platform.environments.test.bus.publish('events.ledger', [
    {
      id: randomUUID(),
      key: account_id,
      payload: {
        event_id: randomUUID(),
        type: 'ledger.transfer_received',
        version: 1,
        stream: `account-${account_id}`,
        position: '1',
        occurred_at: new Date().toISOString(),
        org_id: 'demo',
        account_id,
        environment: 'test',
        correlation_id: null,
        causation_id: null,
        data: {
          transfer_id: randomUUID(),
          from_account_id: randomUUID(),
          to_account_id: account_id,
          asset: 'USD',
          amount: `${tag}.00`,
          description: 'bench',
          created_at: new Date().toISOString(),
        },
      },
    },
  ]);
}

const tagOf = (json: string) => Number.parseInt(/"amount":"(\d+)\.00"/.exec(json)?.[1] ?? '-1', 10);

async function webhookLatency(platform: RunningPlatform): Promise<void> {
  const base = platform.environments.test.base_url;
  const owners = await Promise.all(Array.from({ length: ACCOUNTS }, () => account(base)));
  const published_at = new Map<number, number>();
  const samples: number[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const sent = published_at.get(tagOf(Buffer.concat(chunks).toString('utf8')));
      if (sent !== undefined) samples.push(performance.now() - sent);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  for (const owner of owners) {
    await fetch(`${base}/v1/webhooks/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        event_type: 'transfer_received',
        callback_url: `http://127.0.0.1:${port}/hook`,
        secret: 'bench-secret-0123456789',
      }),
    });
  }
  const interval_ms = 1000 / RATE_PER_SECOND;
  const started = performance.now();
  for (let tag = 1; tag <= WEBHOOK_EVENTS; tag += 1) {
    published_at.set(tag, performance.now());
    await publishTransfer(platform, owners[tag % owners.length]?.account_id ?? '', tag);
    const due = started + tag * interval_ms;
    await sleep(Math.max(0, due - performance.now()));
  }
  await waitFor(() => samples.length >= WEBHOOK_EVENTS);
  console.log(
    figures(
      `committed event -> webhook received at ${RATE_PER_SECOND}/s over ${ACCOUNTS} accounts`,
      samples,
    ),
  );
  await new Promise((resolve) => receiver.close(resolve));
}

async function fanOut(platform: RunningPlatform): Promise<void> {
  const base = platform.environments.test.base_url;
  const owner = await account(base);
  global.gc?.();
  const before = process.memoryUsage();
  const received = new Map<number, number[]>();
  const published_at = new Map<number, number>();
  const aborts: AbortController[] = [];
  let connected = 0;
  await Promise.all(
    Array.from({ length: STREAMS }, async () => {
      const abort = new AbortController();
      aborts.push(abort);
      const response = await fetch(`${base}/v1/events`, {
        headers: { authorization: `Bearer ${owner.token}`, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
      const decoder = new TextDecoder();
      let buffer = '';
      let counted = false;
      void (async () => {
        try {
          for await (const chunk of response.body as ReadableStream<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!counted && frame.startsWith(': connected')) {
                counted = true;
                connected += 1;
              }
              const tag = tagOf(frame);
              const sent = published_at.get(tag);
              if (sent !== undefined) received.get(tag)?.push(performance.now() - sent);
            }
          }
        } catch {
          // aborted at the end
        }
      })();
    }),
  );
  await waitFor(() => connected === STREAMS);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `${STREAMS} open streams: rss ${mib(before.rss)} -> ${mib(after.rss)}, heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} (${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} KiB heap per stream, clients included)`,
  );
  const samples: number[] = [];
  for (let tag = 1; tag <= FANOUT_EVENTS; tag += 1) {
    received.set(tag, []);
    published_at.set(tag, performance.now());
    await publishTransfer(platform, owner.account_id, tag);
    await waitFor(() => (received.get(tag)?.length ?? 0) === STREAMS);
    samples.push(...(received.get(tag) ?? []));
  }
  console.log(figures(`fan-out of one event to ${STREAMS} streams`, samples));
  aborts.forEach((abort) => abort.abort());
}

async function main(): Promise<void> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
  const pg = await startEmbeddedPostgres({ data_dir: path.join(data_dir, 'pg'), port: PG_PORT });
  const platform = await startPlatform({
    host: '127.0.0.1',
    ports: { test: 0, live: 0 },
    admin_database_url: pg.admin_url,
    database_prefix: 'bench_events',
    data_dir,
    settings: {
      RATE_LIMIT_PER_SECOND: 'off',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '200',
      EVENTS_MAX_STREAMS_PER_ACCOUNT: String(STREAMS),
      EVENTS_MAX_STREAMS_PER_ORG: String(STREAMS),
      EVENTS_STREAM_OPENINGS_PER_HOUR: String(STREAMS * 10),
    },
  });
  try {
    await webhookLatency(platform);
    await fanOut(platform);
  } finally {
    await platform.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
