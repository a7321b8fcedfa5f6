import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * What the suites that run real processes share: the compiled tree they start from, a free port,
 * and one way to start a Node process, read its lines, signal it and wait for its exit.
 */

/** The repository's root: `dist/` below it holds what a spawned process runs. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** A compiled entry point, `relative` to `dist/` (`services/gateway/src/main.js`). */
export function distEntry(relative: string): string {
  return path.join(REPO_ROOT, 'dist', relative);
}

const BUILD_STAMP = path.join(REPO_ROOT, 'dist', '.built-by');

/** Names the build of this test run; Jest's global setup sets it for every worker. */
export const DIST_BUILD_STAMP_VARIABLE = 'DIST_BUILD_STAMP';

/**
 * Compiles the repository to dist/ (swc, seconds) once per test run. Jest's global setup builds
 * before any worker starts and names its build in DIST_BUILD_STAMP, so suites in parallel workers
 * find it and never rebuild under each other (the build empties dist/ first, which would pull the
 * tree from under a process started from it). Outside such a run, the first suite of a process
 * builds and the next ones of the same process find its stamp.
 */
export function buildDist(): void {
  const stamp = process.env[DIST_BUILD_STAMP_VARIABLE] ?? String(process.pid);
  if (existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === stamp) return;
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools/scripts/build.mjs')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  writeFileSync(BUILD_STAMP, stamp);
}

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The first of `count` (at most 10) consecutive ports, all free now: a table of probe ports needs
 * a run. Taken below the kernel's ephemeral range (32768 and up), where no outgoing connection
 * takes one of them between this check and the processes' listen.
 */
export async function freePortRange(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + 10 * Math.floor(Math.random() * 1_200);
    const ports = Array.from({ length: count }, (_, index) => base + index);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcessOptions {
  /** Added to this process's environment. */
  env?: Record<string, string | undefined>;
  /** Each line written to stdout; without it stdout is dropped. */
  on_line?: (line: string) => void;
  /** Keep stderr instead of passing it through (see `stderr()`). */
  capture_stderr?: boolean;
  /** An IPC channel, through which a child notices that its parent is gone. */
  ipc?: boolean;
  /** Flags for Node itself, before the script (a benchmark passes the platform's own). */
  node_flags?: readonly string[];
}

export interface NodeProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Settles once the process has exited. */
  readonly exited: Promise<ProcessExit>;
  isRunning(): boolean;
  /** Sends `signal` (SIGTERM unless told) and waits for the exit; at once if already gone. */
  stop(signal?: NodeJS.Signals): Promise<ProcessExit>;
  /** What the process wrote to stderr so far, when started with `capture_stderr`. */
  stderr(): string;
}

/** Starts `script` (a compiled entry point) in a Node process of its own. */
export function startNodeProcess(script: string, options: NodeProcessOptions = {}): NodeProcess {
  const child = spawn(process.execPath, [...(options.node_flags ?? []), script], {
    env: { ...process.env, ...options.env },
    stdio: [
      'ignore',
      options.on_line ? 'pipe' : 'ignore',
      options.capture_stderr ? 'pipe' : 'inherit',
      ...(options.ipc ? (['ipc'] as const) : []),
    ],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.on_line) createInterface({ input: child.stdout! }).on('line', options.on_line);
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid!,
    exited,
    isRunning,
    stop: (signal = 'SIGTERM') => {
      if (isRunning()) child.kill(signal);
      return exited;
    },
    stderr: () => stderr,
  };
}

/** Whether a process of that id still runs: gone, or a zombie nobody reaped, is not running. */
export function pidIsRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
}
