import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BUS_SERVICE_NAMES, healthPortOf } from '@platform/runtime/health-ports';
import { cpuProfileFlags, SERVICE_NODE_FLAGS } from '@platform/runtime/node-flags';

/**
 * `npm run start:distributed`: every service in its own process on KAFKA_BROKERS and DATABASE_URL
 * (both required), the gateway on PORT (8080 sandbox, 8081 live). Each bus service gets its fixed
 * probe port (printed at start). A process that exits is started again after a backoff that
 * doubles up to 30 s (reset once it has run a minute), as an orchestrator would: on a fresh broker
 * a service may die while the topics settle, and one death must not take the others down.
 * SIGTERM or SIGINT stops them all. With CPU_PROFILE_DIR set, each process writes a V8 CPU profile
 * when it exits, into `<CPU_PROFILE_DIR>/<service>`.
 */
const RESTART_BACKOFF_MS = { initial: 1_000, max: 30_000 };
const STABLE_AFTER_MS = 60_000;
const STOP_GRACE_MS = 15_000;
const READY_POLL_MS = 500;

type Environment = 'test' | 'live';
type ServiceName = (typeof BUS_SERVICE_NAMES)[number] | 'gateway';

interface Supervised {
  service: ServiceName;
  probe_url: string;
  child?: ChildProcess;
  started_at: number;
  restarts: number;
  /** Consecutive quick deaths: the next wait doubles with each. */
  crashes: number;
  ready: boolean;
}

const log = (level: 'info' | 'warn' | 'error', msg: string, fields: object = {}) =>
  process.stdout.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), service: 'launcher', msg, ...fields })}\n`,
  );

function settings() {
  const { KAFKA_BROKERS, DATABASE_URL, ENVIRONMENT = 'test' } = process.env;
  if (!KAFKA_BROKERS || !DATABASE_URL) {
    process.stderr.write(
      'start:distributed needs KAFKA_BROKERS and DATABASE_URL (npm run kafka:start gives 127.0.0.1:9092)\n',
    );
    process.exit(1);
  }
  if (ENVIRONMENT !== 'test' && ENVIRONMENT !== 'live') {
    process.stderr.write(`ENVIRONMENT must be test or live, not ${ENVIRONMENT}\n`);
    process.exit(1);
  }
  const environment: Environment = ENVIRONMENT;
  const health_port_base = portSetting('HEALTH_PORT_BASE');
  const gateway_port = portSetting('PORT') ?? (environment === 'live' ? 8081 : 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  // Probes go where the processes listen; a wildcard address is reached on loopback.
  const probe_host = host === '0.0.0.0' ? '127.0.0.1' : host;
  const cpu_profile_dir = process.env.CPU_PROFILE_DIR || undefined;
  return { environment, health_port_base, gateway_port, probe_host, cpu_profile_dir };
}

function portSetting(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write(`${name} must be a port number, not ${text}\n`);
    process.exit(1);
  }
  return port;
}

const config = settings();
const dist = path.resolve(__dirname, '..', '..');
let stopping = false;

const supervised: Supervised[] = [...BUS_SERVICE_NAMES, 'gateway' as const].map((service) => ({
  service,
  probe_url: `http://${config.probe_host}:${portOf(service)}`,
  started_at: 0,
  restarts: 0,
  crashes: 0,
  ready: false,
}));

function portOf(service: ServiceName): number {
  return service === 'gateway'
    ? config.gateway_port
    : healthPortOf(service, config.environment, config.health_port_base);
}

function start(entry: Supervised): void {
  const port_setting =
    entry.service === 'gateway'
      ? { PORT: String(config.gateway_port) }
      : { HEALTH_PORT: String(portOf(entry.service)) };
  // The IPC channel lets a child notice that the launcher itself is gone (see exitOnSignal).
  const child = spawn(
    process.execPath,
    [
      ...SERVICE_NODE_FLAGS,
      ...cpuProfileFlags(config.cpu_profile_dir, entry.service),
      path.join(dist, 'services', entry.service, 'src', 'main.js'),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...port_setting } },
  );
  entry.child = child;
  entry.started_at = Date.now();
  entry.ready = false;
  log('info', `${entry.service} started`, {
    target: entry.service,
    pid: child.pid,
    restart: entry.restarts,
  });
  child.once('exit', (code, signal) => onExit(entry, code, signal));
  void watchReadiness(entry, child);
}

function onExit(entry: Supervised, code: number | null, signal: NodeJS.Signals | null): void {
  entry.child = undefined;
  entry.ready = false;
  if (stopping) return;
  const ran_ms = Date.now() - entry.started_at;
  entry.crashes = ran_ms >= STABLE_AFTER_MS ? 1 : entry.crashes + 1;
  const delay_ms = Math.min(
    RESTART_BACKOFF_MS.max,
    RESTART_BACKOFF_MS.initial * 2 ** (entry.crashes - 1),
  );
  entry.restarts += 1;
  log(
    'warn',
    `${entry.service} exited (${signal ?? `code ${code}`}); restarting in ${delay_ms} ms`,
    {
      target: entry.service,
      exit_code: code,
      signal,
      restart: entry.restarts,
      delay_ms,
    },
  );
  setTimeout(() => {
    if (!stopping) start(entry);
  }, delay_ms);
}

/** Logs when a (re)started process first answers its readiness probe, and when all do. */
async function watchReadiness(entry: Supervised, child: ChildProcess): Promise<void> {
  while (!stopping && entry.child === child) {
    const ready = await fetch(`${entry.probe_url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && entry.child === child) {
      entry.ready = true;
      log('info', `${entry.service} ready`, { target: entry.service, restart: entry.restarts });
      if (supervised.every((each) => each.ready))
        log(
          'info',
          `platform ready: gateway on http://${config.probe_host}:${config.gateway_port}`,
        );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

async function stopAll(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('info', `received ${signal}, stopping every service`);
  const exits = supervised
    .map((entry) => entry.child)
    .filter((child): child is ChildProcess => child !== undefined && child.exitCode === null)
    .map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      return exited.finally(() => clearTimeout(killer));
    });
  await Promise.all(exits);
  process.exit(0);
}

process.once('SIGTERM', () => void stopAll('SIGTERM'));
process.once('SIGINT', () => void stopAll('SIGINT'));
for (const entry of supervised) {
  log(
    'info',
    `${entry.service} ${entry.service === 'gateway' ? 'serves' : 'probes on'} ${entry.probe_url}`,
    {
      target: entry.service,
      port: portOf(entry.service),
    },
  );
}
for (const entry of supervised) start(entry);
