import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Environment } from '@platform/contracts';
import {
  kafkaTestNamespace,
  type KafkaTestNamespace,
} from '@platform/messaging/kafka-test-namespace';
import { copyDatabase, dropDatabase, ensureDatabase } from '@platform/persistence';
import { BUS_SERVICE_NAMES, healthPortOf } from '@platform/runtime/health-ports';
import {
  distEntry,
  freePortRange,
  startNodeProcess,
  testAdminUrl,
  testTemplatePrefix,
  type NodeProcess,
  type ProcessExit,
} from '@platform/testing';

/** A line the launcher writes about the processes it supervises. */
export interface LauncherLine {
  msg: string;
  target?: string;
  pid?: number;
  restart?: number;
}

export interface LauncherOptions {
  environment: Environment;
  /** Starts the run's database and topic names. */
  label: string;
  /** Added to the environment every process of the deployment gets (undefined removes one). */
  env?: Record<string, string | undefined>;
}

const READY_POLL_MS = 500;
// About 140 s: well inside Jest's hook timeout (180 s), so a platform that never comes up is
// stopped by the harness, not left running behind a timed-out beforeAll.
const READY_ATTEMPTS = 280;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One environment of the distributed runtime as `npm run start:distributed` runs it: the launcher
 * of tools/scripts/start-distributed.ts starting the gateway and one process per bus service,
 * on topics no other run uses (a fresh broker as far as topics go) and a database of its own.
 */
export class LauncherDeployment {
  readonly lines: LauncherLine[] = [];
  readonly namespace: KafkaTestNamespace;
  /** The run's database, named like its topics. */
  readonly database: string;
  base_url = '';
  /** The environment every process got: an extra gateway of this deployment gets it too. */
  env: Record<string, string | undefined> = {};
  private health_port_base = 0;
  private launcher?: NodeProcess;

  private constructor(private readonly options: LauncherOptions) {
    this.namespace = kafkaTestNamespace(`${options.label}-${options.environment}`);
    this.database = this.namespace.topic_prefix.replace(/[^a-z0-9]/g, '_').replace(/_+$/, '');
  }

  /** Starts the launcher; `awaitReady` says when every process answers. */
  static async start(options: LauncherOptions): Promise<LauncherDeployment> {
    const deployment = new LauncherDeployment(options);
    await deployment.launch();
    return deployment;
  }

  private async launch(): Promise<void> {
    // A copy of the run's migrated template when there is one: the processes need not migrate.
    const template_prefix = testTemplatePrefix();
    const database_url = template_prefix
      ? await copyDatabase(
          testAdminUrl(),
          `${template_prefix}_${this.options.environment}`,
          this.database,
        )
      : await ensureDatabase(testAdminUrl(), this.database);
    // The probe ports are base + 1 ... base + 8 (health-ports.ts); the gateway takes the next.
    this.health_port_base = await freePortRange(BUS_SERVICE_NAMES.length + 2);
    const gateway_port = this.health_port_base + BUS_SERVICE_NAMES.length + 1;
    this.base_url = `http://127.0.0.1:${gateway_port}`;
    this.env = {
      ENVIRONMENT: this.options.environment,
      KAFKA_BROKERS: this.namespace.brokers.join(','),
      KAFKA_TOPIC_PREFIX: this.namespace.topic_prefix,
      DATABASE_URL: database_url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `${this.options.label}-data-`)),
      ...this.options.env,
    };
    this.launcher = startNodeProcess(distEntry('tools/scripts/start-distributed.js'), {
      env: {
        ...this.env,
        PORT: String(gateway_port),
        HEALTH_PORT_BASE: String(this.health_port_base),
      },
      // The services' logs share the launcher's stdout; only the launcher's own lines are kept.
      on_line: (line) => {
        if (line.includes('"service":"launcher"'))
          this.lines.push(JSON.parse(line) as LauncherLine);
      },
    });
  }

  /** The gateway, then each bus service's probe address. */
  probeUrls(): string[] {
    return [
      this.base_url,
      ...BUS_SERVICE_NAMES.map(
        (service) =>
          `http://127.0.0.1:${healthPortOf(service, this.options.environment, this.health_port_base)}`,
      ),
    ];
  }

  /** Each process's /readyz status once all answer 200, or as they were when the wait ended. */
  async awaitReady(): Promise<number[]> {
    let statuses: number[] = [];
    for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
      statuses = await Promise.all(this.probeUrls().map(readyStatus));
      if (statuses.every((status) => status === 200)) break;
      if (!this.launcher?.isRunning()) break; // the launcher is gone: nothing will come up
      await pause(READY_POLL_MS);
    }
    return statuses;
  }

  /** The process id of a service (or the gateway) as the launcher last started it. */
  pidOf(service: string): number | undefined {
    return this.lines.filter((line) => line.msg === `${service} started`).at(-1)?.pid;
  }

  /** The first launcher line that `predicate` accepts, once it has been written (bounded). */
  async awaitLine(predicate: (line: LauncherLine) => boolean): Promise<LauncherLine | undefined> {
    for (let attempt = 0; attempt < 240 && !this.lines.some(predicate); attempt++) await pause(250);
    return this.lines.find(predicate);
  }

  /** SIGTERM, as an operator's Ctrl-C: the launcher stops its processes, then itself. */
  stop(): Promise<ProcessExit> {
    return this.launcher!.stop('SIGTERM');
  }

  /** SIGKILL: the launcher dies without stopping anything. */
  async kill(): Promise<void> {
    await this.launcher!.stop('SIGKILL');
  }

  /** Stops what still runs, then drops the database and the topics. */
  async dispose(): Promise<void> {
    if (this.launcher?.isRunning()) await this.stop();
    await dropDatabase(testAdminUrl(), this.database).catch(() => undefined);
    await this.namespace.remove().catch(() => undefined);
  }
}

async function readyStatus(base_url: string): Promise<number> {
  return fetch(`${base_url}/readyz`).then(
    (response) => response.status,
    () => 0,
  );
}

/** Waits until `base_url/readyz` answers 200 (bounded); false if it never did. */
export async function awaitReadyz(base_url: string, process?: NodeProcess): Promise<boolean> {
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
    if ((await readyStatus(base_url)) === 200) return true;
    if (process && !process.isRunning()) return false;
    await pause(READY_POLL_MS);
  }
  return false;
}
