import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CFS_PERIOD_US,
  cfsQuotaUsOf,
  copyCpuLimitOf,
  findCpuCgroupRoot,
  quotaWritesOf,
} from './cpu-limits';

describe('copyCpuLimitOf', () => {
  it('is null when BENCH_COPY_CPU is unset or blank', () => {
    expect(copyCpuLimitOf(undefined, 2)).toBeNull();
    expect(copyCpuLimitOf(' ', 2)).toBeNull();
  });

  it('reads a number of cores up to the machine’s', () => {
    expect(copyCpuLimitOf('0.15', 2)).toBe(0.15);
    expect(copyCpuLimitOf('2', 2)).toBe(2);
  });

  it.each(['0', '-1', 'half', '3', 'NaN'])('refuses %s on a 2-core machine', (value) => {
    expect(() => copyCpuLimitOf(value, 2)).toThrow('BENCH_COPY_CPU');
  });
});

describe('quotas', () => {
  it('gives a share of each 100 ms period, never under the kernel’s 1 ms', () => {
    expect(cfsQuotaUsOf(0.15)).toBe(15_000);
    expect(cfsQuotaUsOf(1.5)).toBe(150_000);
    expect(cfsQuotaUsOf(0.001)).toBe(1_000);
  });

  it('writes v1’s two files or v2’s one', () => {
    expect(quotaWritesOf(1, 0.2)).toEqual([
      ['cpu.cfs_period_us', String(CFS_PERIOD_US)],
      ['cpu.cfs_quota_us', '20000'],
    ]);
    expect(quotaWritesOf(2, 0.2)).toEqual([['cpu.max', `20000 ${CFS_PERIOD_US}`]]);
  });
});

describe('findCpuCgroupRoot', () => {
  const mount = () => mkdtempSync(path.join(os.tmpdir(), 'cgroup-'));

  it('finds v1’s cpu hierarchy', () => {
    const dir = mount();
    mkdirSync(path.join(dir, 'cpu'));
    writeFileSync(path.join(dir, 'cpu', 'cpu.cfs_quota_us'), '-1');
    expect(findCpuCgroupRoot(dir)).toEqual({ version: 1, dir: path.join(dir, 'cpu') });
  });

  it('finds v2 when its children may use the cpu controller', () => {
    const dir = mount();
    writeFileSync(path.join(dir, 'cgroup.subtree_control'), 'cpuset cpu io memory pids\n');
    expect(findCpuCgroupRoot(dir)).toEqual({ version: 2, dir });
  });

  it('is null when the controller is not delegated, or there are no cgroups', () => {
    const dir = mount();
    writeFileSync(path.join(dir, 'cgroup.subtree_control'), 'cpuset io memory\n');
    expect(findCpuCgroupRoot(dir)).toBeNull();
    expect(findCpuCgroupRoot(path.join(dir, 'absent'))).toBeNull();
  });
});
