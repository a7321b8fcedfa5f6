import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FAST_SHUTDOWN_WAIT_MS = 60_000;
const IMMEDIATE_SHUTDOWN_WAIT_MS = 15_000;
const POLL_MS = 100;

/**
 * Stops the PostgreSQL server of `cluster_dir` that an earlier process started and left behind:
 * a postmaster outlives the process that spawned it when that one is killed (SIGKILL), and keeps
 * the cluster's lock and port, so the next start failed. Its lock file (`postmaster.pid`) names
 * it; it is stopped only if that process really is a PostgreSQL server of this cluster.
 *
 * SIGINT is PostgreSQL's fast shutdown: open transactions roll back, committed work is
 * checkpointed, nothing committed is lost. Should it hang, SIGQUIT (immediate shutdown) follows:
 * the next start then recovers from the write-ahead log, still without loss.
 */
export async function stopOrphanedPostmaster(
  cluster_dir: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const pid = postmasterPidOf(cluster_dir);
  if (pid === undefined || !isRunning(pid) || !isPostmasterOf(pid, cluster_dir)) return;
  log(`stopping the PostgreSQL server (pid ${pid}) left running on ${cluster_dir}`);
  process.kill(pid, 'SIGINT');
  if (await exited(pid, FAST_SHUTDOWN_WAIT_MS)) return;
  log(`PostgreSQL server (pid ${pid}) still running: immediate shutdown`);
  process.kill(pid, 'SIGQUIT');
  if (await exited(pid, IMMEDIATE_SHUTDOWN_WAIT_MS)) return;
  throw new Error(`the PostgreSQL server (pid ${pid}) left running on ${cluster_dir} did not stop`);
}

function postmasterPidOf(cluster_dir: string): number | undefined {
  const lock = path.join(cluster_dir, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, 'utf8').split('\n', 1)[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Alive and not a zombie (exited, not yet reaped by whoever adopted it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  return readFileSync(stat, 'utf8').split(') ').at(-1)?.[0] !== 'Z';
}

/** A lock file may outlive its server; its pid may since belong to another program. */
function isPostmasterOf(pid: number, cluster_dir: string): boolean {
  const command = commandLineOf(pid);
  return command.includes('postgres') && command.includes(cluster_dir);
}

function commandLineOf(pid: number): string {
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline)) return readFileSync(cmdline, 'utf8').replace(/\0/g, ' ');
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

async function exited(pid: number, wait_ms: number): Promise<boolean> {
  const deadline = Date.now() + wait_ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return !isRunning(pid);
}
