import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readOrNull } from './process-cpu';

/**
 * CPU limits for the distributed runtime's copies, as a container's CPU limit sets them: a Linux
 * cgroup per process with a CFS quota (`cpu.max` on cgroup v2, `cpu.cfs_quota_us` on v1).
 *
 * Why: on a machine of a few cores, one copy of the ledger and the gateway already keeps every
 * core busy, so a second copy has no CPU to run on and the scaling factor measures the machine,
 * not the design. Deployed, each copy is a container with a CPU limit of its own; giving each
 * copy here a limit small enough that the machine keeps spare cores for PostgreSQL, the broker
 * and a second copy asks the question the factor is for: does a second copy add what the first
 * one does, or does something shared (a partition, a lock, a stream) hold it back?
 */

/** CFS's scheduling period, in microseconds (the kernel's default, as container runtimes use). */
export const CFS_PERIOD_US = 100_000;

/** The kernel refuses quotas under 1 ms. */
const CFS_QUOTA_MIN_US = 1_000;

/**
 * `BENCH_COPY_CPU`: the cores each process of a copy may use (0.2 is a fifth of a core); null
 * when unset. Throws on anything else than a positive number of at most `cores`.
 */
export function copyCpuLimitOf(value: string | undefined, cores: number): number | null {
  if (value === undefined || value.trim() === '') return null;
  const limit = Number(value);
  if (!Number.isFinite(limit) || limit <= 0 || limit > cores) {
    throw new Error(
      `BENCH_COPY_CPU must be a number of cores above 0 and at most ${cores}, not "${value}"`,
    );
  }
  return limit;
}

/** The quota of one CFS period that `cores` of CPU allow, in microseconds. */
export function cfsQuotaUsOf(cores: number): number {
  return Math.max(CFS_QUOTA_MIN_US, Math.round(cores * CFS_PERIOD_US));
}

/** Where this machine's cgroups take a CPU quota, and in which of the two layouts. */
export interface CpuCgroupRoot {
  version: 1 | 2;
  dir: string;
}

/**
 * The writable cgroup directory with the CPU controller: v1's `cpu` hierarchy, or v2's unified
 * one with `cpu` among the controllers its children may use; null when there is none (not Linux,
 * not allowed to write, or the controller is not delegated).
 */
export function findCpuCgroupRoot(mount = '/sys/fs/cgroup'): CpuCgroupRoot | null {
  const v1 = path.join(mount, 'cpu');
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) return { version: 1, dir: v1 };
  const subtree = readOrNull(path.join(mount, 'cgroup.subtree_control'));
  if (subtree?.split(/\s+/).includes('cpu')) return { version: 2, dir: mount };
  return null;
}

/** The files that set a cgroup's quota, and what to write in each. */
export function quotaWritesOf(version: 1 | 2, cores: number): [file: string, value: string][] {
  const quota_us = cfsQuotaUsOf(cores);
  return version === 1
    ? [
        ['cpu.cfs_period_us', String(CFS_PERIOD_US)],
        ['cpu.cfs_quota_us', String(quota_us)],
      ]
    : [['cpu.max', `${quota_us} ${CFS_PERIOD_US}`]];
}

/**
 * How often a limited group ran into its quota, from its `cpu.stat`: the CFS periods in which it
 * wanted the CPU, and in how many of them it used up its quota and was stopped until the next.
 */
export interface Throttling {
  periods: number;
  throttled_periods: number;
}

/** A `cpu.stat` file's periods (`nr_periods`, `nr_throttled`, alike in both layouts). */
export function throttlingOf(cpu_stat: string): Throttling | null {
  const field = (name: string) => {
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(cpu_stat);
    return match ? Number(match[1]) : null;
  };
  const periods = field('nr_periods');
  const throttled_periods = field('nr_throttled');
  if (periods === null || throttled_periods === null) return null;
  return { periods, throttled_periods };
}

/**
 * Per role, the share of its processes' CFS periods between two readings in which they were
 * throttled: near 100% a role's limit is what holds it back, well below it the role waits on
 * something else (the broker, PostgreSQL, another service). Roles without a period are left out.
 */
export function describeThrottling(
  before: ReadonlyMap<number, Throttling>,
  after: ReadonlyMap<number, Throttling>,
  role_of: (pid: number) => string | undefined,
): string {
  const by_role = new Map<string, Throttling>();
  for (const [pid, end] of after) {
    const role = role_of(pid);
    if (role === undefined) continue;
    const start = before.get(pid) ?? { periods: 0, throttled_periods: 0 };
    const sum = by_role.get(role) ?? { periods: 0, throttled_periods: 0 };
    by_role.set(role, {
      periods: sum.periods + end.periods - start.periods,
      throttled_periods: sum.throttled_periods + end.throttled_periods - start.throttled_periods,
    });
  }
  const shares = [...by_role]
    .filter(([, sum]) => sum.periods > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([role, sum]) =>
        `${role} ${((100 * sum.throttled_periods) / sum.periods).toFixed(0)}% of ${sum.periods}`,
    );
  return shares.length > 0 ? `periods throttled: ${shares.join(', ')}` : 'periods throttled: none';
}

/**
 * Gives processes a CPU limit each, in cgroups under one directory of this run's own; `release`
 * moves them back and removes the directories.
 */
export class CpuLimiter {
  private readonly run_dir: string;
  private readonly limited = new Map<number, string>();

  private constructor(
    private readonly root: CpuCgroupRoot,
    private readonly cores: number,
  ) {
    this.run_dir = path.join(root.dir, `platform-bench-${process.pid}`);
  }

  /** A limiter, or the reason this machine cannot limit a process's CPU. */
  static open(cores: number): CpuLimiter | { unavailable: string } {
    const root = findCpuCgroupRoot();
    if (root === null) return { unavailable: 'no cgroup with the cpu controller here' };
    const limiter = new CpuLimiter(root, cores);
    try {
      mkdirSync(limiter.run_dir, { recursive: true });
    } catch (error) {
      return { unavailable: `cannot create a cgroup (${(error as Error).message})` };
    }
    return limiter;
  }

  /** Limits each process not yet limited; returns how many it limited. */
  limit(pids: readonly number[]): number {
    let count = 0;
    for (const pid of pids) {
      if (this.limited.has(pid)) continue;
      const dir = path.join(this.run_dir, String(pid));
      mkdirSync(dir, { recursive: true });
      for (const [file, value] of quotaWritesOf(this.root.version, this.cores)) {
        writeFileSync(path.join(dir, file), value);
      }
      // cgroup.procs moves the whole process, every thread of it (V8's, libuv's) included.
      writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
      this.limited.set(pid, dir);
      count += 1;
    }
    return count;
  }

  /** Each limited process's periods so far (`cpu.stat` of its group). */
  throttling(): Map<number, Throttling> {
    const readings = new Map<number, Throttling>();
    for (const [pid, dir] of this.limited) {
      const cpu_stat = readOrNull(path.join(dir, 'cpu.stat'));
      const throttling = cpu_stat === null ? null : throttlingOf(cpu_stat);
      if (throttling) readings.set(pid, throttling);
    }
    return readings;
  }

  /** Processes still running go back to the root group; the run's groups are removed. */
  release(): void {
    for (const [pid, dir] of this.limited) {
      for (const member of readOrNull(path.join(dir, 'cgroup.procs'))?.split('\n') ?? []) {
        if (member.trim() === '') continue;
        try {
          writeFileSync(path.join(this.root.dir, 'cgroup.procs'), member.trim());
        } catch {
          // It ended meanwhile.
        }
      }
      removeDir(dir);
      this.limited.delete(pid);
    }
    removeDir(this.run_dir);
  }
}

function removeDir(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // A group still holding a process that is exiting; the kernel frees it with its last member.
  }
}
