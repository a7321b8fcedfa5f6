import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a run's CPU went on this machine, read from Linux's /proc: how busy the machine's cores
 * were, and the CPU time of each process that took part (the services of the distributed runtime,
 * the broker, PostgreSQL's backends). `process.cpuUsage()` only sees one process; the distributed
 * runtime is a dozen. bench:api's load generator, one process for every run, is among them.
 * Elsewhere than Linux, readings are empty.
 */

/** /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second for user space. */
export const MS_PER_TICK = 10;

/** A `process.cpuUsage()` reading (or difference) in ms: user and system time together. */
export function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1_000;
}

export interface MachineCpu {
  busy_ticks: number;
  total_ticks: number;
}

/** What a process's /proc/<pid>/stat line says of its CPU: user and system time, in ticks. */
export function ticksOfStat(stat_line: string): number | null {
  // The command name (field 2) is in parentheses and may hold spaces: fields count from its end.
  const fields = stat_line.slice(stat_line.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return Number.isSafeInteger(user) && Number.isSafeInteger(system) ? user + system : null;
}

/** The `cpu` line of /proc/stat: idle and iowait are the time not busy. */
export function machineCpuOf(proc_stat: string): MachineCpu | null {
  const line = proc_stat.split('\n').find((each) => each.startsWith('cpu '));
  if (!line) return null;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  if (ticks.length < 5 || ticks.some((tick) => !Number.isSafeInteger(tick))) return null;
  // user nice system idle iowait irq softirq steal [guest guest_nice], guests counted in user.
  const [user, nice, system, idle, iowait, irq = 0, softirq = 0, steal = 0] = ticks as number[];
  const busy_ticks = user! + nice! + system! + irq + softirq + steal;
  return { busy_ticks, total_ticks: busy_ticks + idle! + iowait! };
}

/**
 * The part a process plays in a bench run, from its command line; null for one that plays none.
 * Node processes are named by their entry point: a service's `services/<name>/src/main.js`.
 */
export function roleOf(command_line: string): string | null {
  const service = /\/services\/([a-z-]+)\/src\/main\.js/.exec(command_line);
  if (service) return service[1]!;
  if (command_line.includes('/tools/scripts/start-distributed.js')) return 'launcher';
  if (command_line.includes('/tools/bench/src/api-baseline.js')) return 'baseline';
  if (command_line.includes('/tools/bench/src/api-load.js')) return 'load generator';
  if (/^\S*java\b/.test(command_line) && command_line.includes('kafka')) return 'kafka';
  // The server (`…/bin/postgres -D …`) and its backends (`postgres: user database …`).
  if (/^(\S*\/)?postgres[\s:]/.test(command_line)) return 'postgresql';
  return null;
}

/** A process that plays a part, by its pid and start time (a pid can be reused). */
export interface ProcessTicks {
  role: string;
  ticks: number;
}

/** Processes that play a part, keyed by `<pid>@<start time>`. */
export type ProcessesTicks = Map<string, ProcessTicks>;

/** The start time (field 22) of a /proc/<pid>/stat line, in ticks since boot. */
function startOfStat(stat_line: string): string | undefined {
  return stat_line.slice(stat_line.lastIndexOf(')') + 2).split(' ')[19];
}

/** A file's text, or null when it cannot be read (a process that ended, a file that is absent). */
export function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function readMachineCpu(): MachineCpu | null {
  const proc_stat = readOrNull('/proc/stat');
  return proc_stat === null ? null : machineCpuOf(proc_stat);
}

/** The processes that play a part, with their role, from /proc; empty elsewhere than Linux. */
export function listRoleProcesses(): { pid: number; role: string }[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    const command_line = readOrNull(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ');
    const role = command_line ? roleOf(command_line) : null;
    return role === null ? [] : [{ pid: Number(pid), role }];
  });
}

export function readProcessesTicks(): ProcessesTicks {
  const processes: ProcessesTicks = new Map();
  for (const { pid, role } of listRoleProcesses()) {
    const stat = readOrNull(`/proc/${pid}/stat`);
    const ticks = stat === null ? null : ticksOfStat(stat);
    if (ticks !== null) processes.set(`${pid}@${startOfStat(stat!)}`, { role, ticks });
  }
  return processes;
}

export interface CpuReading {
  machine: MachineCpu | null;
  processes: ProcessesTicks;
}

export function readCpu(): CpuReading {
  return { machine: readMachineCpu(), processes: readProcessesTicks() };
}

/** CPU ticks per role between two readings: each process's own, so one that ended takes none away. */
export function roleTicksBetween(before: CpuReading, after: CpuReading): Map<string, number> {
  const roles = new Map<string, number>();
  for (const [key, { role, ticks }] of after.processes) {
    const used = ticks - (before.processes.get(key)?.ticks ?? 0);
    roles.set(role, (roles.get(role) ?? 0) + used);
  }
  return roles;
}

/** The CPU ms a role used between two readings; null where /proc could not be read. */
export function roleCpuMs(before: CpuReading, after: CpuReading, role: string): number | null {
  if (!before.machine || !after.machine) return null;
  return (roleTicksBetween(before, after).get(role) ?? 0) * MS_PER_TICK;
}

/**
 * One line: how busy the machine's cores were between two readings, and the CPU time per
 * request of each role, largest first. A process that started in between counts all its CPU; one
 * that ended in between is not counted.
 */
export function cpuBreakdown(before: CpuReading, after: CpuReading, requests: number): string {
  const parts: string[] = [];
  if (before.machine && after.machine) {
    const total = after.machine.total_ticks - before.machine.total_ticks;
    const busy = after.machine.busy_ticks - before.machine.busy_ticks;
    if (total > 0) parts.push(`cores ${((100 * busy) / total).toFixed(0)}% busy`);
  }
  const per_request = [...roleTicksBetween(before, after)]
    .filter(([, ticks]) => ticks > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([role, ticks]) => `${role} ${((ticks * MS_PER_TICK) / requests).toFixed(2)}`);
  if (per_request.length > 0) parts.push(`CPU ms/request: ${per_request.join(', ')}`);
  return parts.length === 0 ? 'CPU: not readable here (no /proc)' : parts.join('; ');
}

/**
 * One line: the CPU each role used per second of wall time between two readings, largest first;
 * read while no request runs, it is what a role costs idle (heartbeats, polls, timers), which
 * the per-request figures of a slower run carry more of.
 */
export function cpuPerSecond(before: CpuReading, after: CpuReading, elapsed_ms: number): string {
  const per_second = [...roleTicksBetween(before, after)]
    .filter(([, ticks]) => ticks > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([role, ticks]) => `${role} ${((ticks * MS_PER_TICK * 1_000) / elapsed_ms).toFixed(1)}`);
  return per_second.length > 0 ? `CPU ms/s: ${per_second.join(', ')}` : 'CPU ms/s: none';
}
