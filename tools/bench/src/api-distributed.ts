import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KafkaBus, kafkaTestNamespace } from '@platform/messaging';
import { createPool, ensureDatabase } from '@platform/persistence';
import { BUS_SERVICE_NAMES, healthPortOf } from '@platform/runtime/health-ports';
import { cpuProfileFlags, SERVICE_NODE_FLAGS } from '@platform/runtime/node-flags';
import {
  freePort,
  freePortRange,
  startNodeProcess,
  waitFor,
  type NodeProcess,
} from '@platform/testing';
import type { ApiKind, ApiLoadResult } from './api-load';
import {
  awaitCompletions,
  COMPLETION_TOPICS,
  completions,
  describeFinishing,
  endToEndRate,
  finishingOf,
  measuredLoad,
  openPayers,
  type Completions,
  type Finishing,
} from './api-run';
import { awaitLedgerCatchUp, type Queryable } from './bench-client';
import { CpuLimiter, copyCpuLimitOf, describeThrottling, type Throttling } from './cpu-limits';
import { cpuBreakdown, cpuPerSecond, listRoleProcesses, readCpu } from './process-cpu';
import {
  describeCounterGrowth,
  describeGrowthRatio,
  scrapeCounter,
  type MetricsSource,
} from './prom-counters';
import { summarize } from './stats';

/**
 * Part 3 of `api.bench.ts`: the distributed runtime on KAFKA_BROKERS, the launcher's processes (one
 * per service and the gateway) on topics and a database of their own. Each kind runs with one copy
 * of the ledger and the gateway, then every kind again with a second copy of each (the load
 * generator spreads its workers over both gateways); printed with the scaling factor of each kind.
 */
export interface DistributedPlan {
  admin_url: string;
  kinds: readonly ApiKind[];
  /** Measured requests per run, after `warmup` untimed ones of the same kind. */
  requests: number;
  warmup: number;
  /**
   * Requests in flight per gateway copy (`per_copy`: two copies get twice as many, as a deployment
   * adds copies because more clients send), or in all (`fixed`).
   */
  concurrency: number;
  concurrency_scope: 'per_copy' | 'fixed';
  payees: number;
  payers: number;
  /** The platform settings every process runs with (the all-in-one run's). */
  settings: Record<string, string>;
  /** How long a run's payouts and payins may take to complete or be credited. */
  completion_timeout_ms: number;
  /**
   * Where every process writes a V8 CPU profile of its life when it stops (a directory per
   * service, `ledger-2` and `gateway-2` for the second copies); none when unset.
   */
  cpu_profile_dir?: string;
}

/** The ledger's count of appends that found a stream moved by another copy (`ledger-metrics.ts`). */
const LEDGER_CONFLICTS = 'ledger_append_conflicts_total';
/** Offset commits each process sends to Kafka, by consumer (`kafka-bus.ts`). */
const OFFSET_COMMITS = 'kafka_offset_commits_total';
/** Batches the processes' Kafka consumers took, and their messages (`kafka-bus.ts`). */
const CONSUMED_BATCHES = 'kafka_consumed_batches_total';
const CONSUMED_MESSAGES = 'kafka_consumed_messages_total';
/** The ledger's appends that wrote transfers, and the transfers in them (`ledger-metrics.ts`). */
const TRANSFER_APPENDS = 'ledger_transfer_appends_total';
const TRANSFERS_APPENDED = 'ledger_transfers_appended_total';
/** How long the distributed runtime is watched idle, after the warm-up of each copy count. */
const IDLE_SAMPLE_MS = 10_000;
const READY_TIMEOUT_MS = 180_000;

/** The roles a copy of the distributed runtime is made of (issue 20: the ledger and the gateway). */
const COPY_ROLES = new Set(['ledger', 'gateway']);

/** The compiled tree this file runs from (dist/tools/bench/src/api-distributed.js). */
const distEntry = (relative: string) => path.resolve(__dirname, '..', '..', '..', relative);

/** One kind's measured run on one copy count. */
interface DistributedRun {
  kind: ApiKind;
  concurrency: number;
  result: ApiLoadResult;
  /** Cores busy and each role's CPU per request while the load ran. */
  cpu_loaded: string;
  /** The same until the run's work after its replies was done (completions, projections). */
  cpu_settled: string;
  conflicts: string;
  commits: string;
  /** Messages per consumed batch, by consumer of the ledger and the gateway. */
  messages_per_batch: string;
  /** Transfers per ledger append that wrote transfers, by ledger process (the group commit). */
  transfers_per_append: string;
  finishing: Finishing | undefined;
  /** With BENCH_COPY_CPU, how often each copy role ran into its limit while the load ran. */
  throttled: string | undefined;
}

const rate = (result: ApiLoadResult) => (result.samples_ms.length / result.elapsed_ms) * 1000;

export async function benchDistributed(plan: DistributedPlan): Promise<void> {
  const limits = copyLimits();
  const namespace = kafkaTestNamespace('bench-api');
  const database = namespace.topic_prefix.replace(/[^a-z0-9]/g, '_').replace(/_+$/, '');
  const health_port_base = await freePortRange(BUS_SERVICE_NAMES.length + 2);
  const gateway_url = `http://127.0.0.1:${health_port_base + BUS_SERVICE_NAMES.length + 1}`;
  const env = {
    ...plan.settings,
    ENVIRONMENT: 'test',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS!,
    KAFKA_TOPIC_PREFIX: namespace.topic_prefix,
    DATABASE_URL: await ensureDatabase(plan.admin_url, database),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-api-distributed-')),
    OPERATOR_TOKEN: `op_bench_${randomBytes(8).toString('hex')}`,
    HANDOFF_SECRET: `bench-handoff-${randomBytes(16).toString('hex')}`,
    LOG_LEVEL: 'warn',
    // Read by the launcher, which gives its processes the flags (cpuProfileFlags).
    ...(plan.cpu_profile_dir ? { CPU_PROFILE_DIR: plan.cpu_profile_dir } : {}),
  };
  const processes: NodeProcess[] = [
    startNodeProcess(distEntry('tools/scripts/start-distributed.js'), {
      env: { ...env, PORT: new URL(gateway_url).port, HEALTH_PORT_BASE: String(health_port_base) },
    }),
  ];
  const pool = createPool({ url: env.DATABASE_URL, max_connections: 1 });
  const bus = new KafkaBus({
    brokers: namespace.brokers,
    client_id: 'bench-api',
    topic_prefix: namespace.topic_prefix,
    log_level: 'error',
  });
  try {
    await awaitReady([
      gateway_url,
      ...BUS_SERVICE_NAMES.map(
        (service) => `http://127.0.0.1:${healthPortOf(service, 'test', health_port_base)}`,
      ),
    ]);
    limits?.limitCopies();
    const finished = completions();
    await bus.subscribe({
      topics: COMPLETION_TOPICS,
      group: `bench-api-completions-${Date.now()}`,
      ephemeral: true,
      handler: finished.handler,
    });
    const payers = await openPayers(gateway_url, plan);
    const operator = { authorization: `Bearer ${env.OPERATOR_TOKEN}` };
    const copies = {
      targets: [gateway_url],
      ledgers: [
        { base_url: `http://127.0.0.1:${healthPortOf('ledger', 'test', health_port_base)}` },
      ] as MetricsSource[],
      gateways: [{ base_url: gateway_url, headers: operator }] as MetricsSource[],
    };
    const runAll = async (label: string) => {
      const runs: DistributedRun[] = [];
      const concurrency = concurrencyOf(plan, copies.targets.length);
      for (const [index, kind] of plan.kinds.entries()) {
        const run = async (requests: number) =>
          measuredLoad({
            kind,
            targets: copies.targets,
            ...payers,
            requests,
            concurrency,
            run: `distributed-${kind}-${copies.targets.length}-${Date.now()}`,
          });
        const settle = (result: ApiLoadResult) => settleRun(plan, pool, finished, kind, result);
        await settle(await run(plan.warmup));
        if (index === 0) console.log(`${label}, idle after the warm-up: ${await idleCpu()}`);
        const measured = await measuredRun(kind, copies, limits, () => run(plan.requests), settle);
        runs.push({ ...measured, concurrency });
        printRun(label, runs.at(-1)!);
      }
      return runs;
    };
    printHeader(plan, limits?.description);
    const one = await runAll('1 ledger + 1 gateway');
    const ledger_probe = `http://127.0.0.1:${await freePort()}`;
    processes.push(
      startNodeProcess(distEntry('services/ledger/src/main.js'), {
        node_flags: [...SERVICE_NODE_FLAGS, ...cpuProfileFlags(plan.cpu_profile_dir, 'ledger-2')],
        env: { ...env, HEALTH_PORT: new URL(ledger_probe).port },
      }),
    );
    const second_gateway = `http://127.0.0.1:${await freePort()}`;
    processes.push(
      startNodeProcess(distEntry('services/gateway/src/main.js'), {
        node_flags: [...SERVICE_NODE_FLAGS, ...cpuProfileFlags(plan.cpu_profile_dir, 'gateway-2')],
        env: { ...env, PORT: new URL(second_gateway).port },
      }),
    );
    await awaitReady([ledger_probe, second_gateway]);
    copies.targets.push(second_gateway);
    copies.ledgers.push({ base_url: ledger_probe });
    copies.gateways.push({ base_url: second_gateway, headers: operator });
    limits?.limitCopies();
    if (plan.cpu_profile_dir)
      console.log(
        `CPU profiles: the runs with two copies begin at ${process.hrtime.bigint() / 1000n} µs ` +
          "of the monotonic clock, which a profile's startTime and sample times count on",
      );
    const two = await runAll('2 ledgers + 2 gateways');
    for (const [index, run] of two.entries()) printScaling(one[index]!, run);
  } finally {
    await bus.close();
    await pool.end();
    for (const started of processes.reverse()) await started.stop();
    if (plan.cpu_profile_dir)
      console.log(`CPU profiles of every process: ${plan.cpu_profile_dir} (a directory each)`);
    limits?.release();
    await namespace.remove().catch(() => undefined);
  }
}

/** One measured run, with what the machine and the copies' counters did while it ran. */
async function measuredRun(
  kind: ApiKind,
  copies: { ledgers: MetricsSource[]; gateways: MetricsSource[] },
  limits: { throttling(): Map<number, Throttling> } | null,
  run: () => Promise<ApiLoadResult>,
  settle: (result: ApiLoadResult) => Promise<Finishing | undefined>,
): Promise<Omit<DistributedRun, 'concurrency'>> {
  const counted = async () => ({
    conflicts: await scrapeCounter(copies.ledgers, LEDGER_CONFLICTS),
    commits: await scrapeCounter([...copies.ledgers, ...copies.gateways], OFFSET_COMMITS),
    batches: await scrapeCounter([...copies.ledgers, ...copies.gateways], CONSUMED_BATCHES),
    messages: await scrapeCounter([...copies.ledgers, ...copies.gateways], CONSUMED_MESSAGES),
    transfer_appends: await scrapeCounter(copies.ledgers, TRANSFER_APPENDS),
    transfers_appended: await scrapeCounter(copies.ledgers, TRANSFERS_APPENDED),
  });
  const cpu_before = readCpu();
  const counted_before = await counted();
  const throttling_before = limits?.throttling();
  const result = await run();
  const requests = result.samples_ms.length;
  const cpu_loaded = cpuBreakdown(cpu_before, readCpu(), requests);
  const throttled =
    limits && throttling_before ? describeRoleThrottling(throttling_before, limits) : undefined;
  const finishing = await settle(result);
  const cpu_settled = cpuBreakdown(cpu_before, readCpu(), requests);
  const counted_after = await counted();
  const growth = (counter: 'conflicts' | 'commits') =>
    describeCounterGrowth(counted_before[counter], counted_after[counter], requests);
  return {
    kind,
    result,
    cpu_loaded,
    cpu_settled,
    conflicts: growth('conflicts'),
    commits: growth('commits'),
    messages_per_batch: describeGrowthRatio(
      { before: counted_before.messages, after: counted_after.messages },
      { before: counted_before.batches, after: counted_after.batches },
    ),
    transfers_per_append: describeGrowthRatio(
      { before: counted_before.transfers_appended, after: counted_after.transfers_appended },
      { before: counted_before.transfer_appends, after: counted_after.transfer_appends },
    ),
    finishing,
    throttled,
  };
}

function describeRoleThrottling(
  before: Map<number, Throttling>,
  limits: { throttling(): Map<number, Throttling> },
): string {
  const roles = new Map(listRoleProcesses().map(({ pid, role }) => [pid, role]));
  return describeThrottling(before, limits.throttling(), (pid) => roles.get(pid));
}

/**
 * Waits until a run's work after its replies is done: its payouts completed or payins credited,
 * and the ledger's projections and the notifications inbox caught up, so that the next run does
 * not pay for it.
 */
async function settleRun(
  plan: DistributedPlan,
  pool: Queryable,
  finished: Completions,
  kind: ApiKind,
  result: ApiLoadResult,
): Promise<Finishing | undefined> {
  if (kind !== 'transfers') await awaitCompletions(finished, result, plan.completion_timeout_ms);
  await awaitLedgerCatchUp(pool);
  return kind === 'transfers' ? undefined : finishingOf(finished, result);
}

/** What the runtime costs with no request, as a copy's share of each request's CPU grows. */
async function idleCpu(): Promise<string> {
  const before = readCpu();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
  return cpuPerSecond(before, readCpu(), IDLE_SAMPLE_MS);
}

/**
 * A closed loop holds its requests in flight: with as many for two copies as for one, each copy
 * gets half, its batches (Kafka fetches, the ledger's group commit) shrink, and the factor then
 * measures the load generator rather than what a second copy can take.
 */
function concurrencyOf(plan: DistributedPlan, copies: number): number {
  return plan.concurrency_scope === 'per_copy' ? plan.concurrency * copies : plan.concurrency;
}

function printHeader(plan: DistributedPlan, limits: string | undefined): void {
  console.log(
    `distributed runtime (Kafka), ${plan.requests} requests per run after ${plan.warmup} ` +
      `untimed, concurrency ${plan.concurrency}` +
      (plan.concurrency_scope === 'per_copy' ? ' per gateway copy' : ' whatever the copies') +
      `, ${plan.payees} payee` +
      `${plan.payees === 1 ? '' : 's'} of transfers, load average ${os.loadavg()[0]!.toFixed(2)}` +
      (limits ? `, ${limits}` : ''),
  );
}

function printRun(label: string, run: DistributedRun): void {
  console.log(
    summarize(
      `POST /v1/${run.kind}, ${label}, c=${run.concurrency}`,
      run.result.samples_ms,
      run.result.elapsed_ms,
    ),
  );
  console.log(`  while loaded: ${run.cpu_loaded}`);
  console.log(`  with the work after the replies: ${run.cpu_settled}`);
  if (run.throttled) console.log(`  copies' CPU limits while loaded: ${run.throttled}`);
  if (run.finishing)
    for (const line of describeFinishing(run.kind, run.finishing)) console.log(`  ${line}`);
  console.log(`  ledger append conflicts per request: ${run.conflicts}`);
  console.log(`  Kafka offset commits of the ledger and gateway per request: ${run.commits}`);
  console.log(`  Kafka messages per consumed batch, ledger and gateway: ${run.messages_per_batch}`);
  console.log(`  transfers per ledger append that wrote transfers: ${run.transfers_per_append}`);
}

/** Requests per second, and for payouts and payins the rate end to end, 2 copies over 1. */
function printScaling(one: DistributedRun, two: DistributedRun): void {
  const endToEnd = (run: DistributedRun) =>
    endToEndRate(run.result.created.length, run.finishing?.end_to_end_ms);
  const end_to_end = [endToEnd(one), endToEnd(two)];
  console.log(
    `distributed scaling factor of POST /v1/${one.kind} (2 copies / 1 copy): ` +
      `${(rate(two.result) / rate(one.result)).toFixed(2)}x` +
      (end_to_end[0] && end_to_end[1]
        ? `, end to end ${(end_to_end[1] / end_to_end[0]).toFixed(2)}x`
        : ''),
  );
}

/**
 * BENCH_COPY_CPU: each process of a copy gets that many cores, as a container's CPU limit
 * (`cpu-limits.ts`); null when unset. Throws when it is set and this machine cannot limit.
 */
function copyLimits() {
  const cores = copyCpuLimitOf(process.env.BENCH_COPY_CPU, os.cpus().length);
  if (cores === null) return null;
  const limiter = CpuLimiter.open(cores);
  if ('unavailable' in limiter) {
    throw new Error(`BENCH_COPY_CPU is set, but CPU cannot be limited: ${limiter.unavailable}`);
  }
  return {
    description: `each ledger and gateway process limited to ${cores} of a core (BENCH_COPY_CPU)`,
    limitCopies: () =>
      limiter.limit(
        listRoleProcesses()
          .filter(({ role }) => COPY_ROLES.has(role))
          .map(({ pid }) => pid),
      ),
    throttling: () => limiter.throttling(),
    release: () => limiter.release(),
  };
}

async function awaitReady(probes: string[]): Promise<void> {
  const ready = (url: string) =>
    fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
  await waitFor(
    async () => (await Promise.all(probes.map(ready))).every(Boolean),
    READY_TIMEOUT_MS,
    500,
  );
}
