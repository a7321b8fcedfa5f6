import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CFS_PERIOD_US,
  cfsQuotaUsOf,
  copyCpuLimitOf,
  describeThrottling,
  findCpuCgroupRoot,
  quotaWritesOf,
  throttlingOf,
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

describe('throttling', () => {
  it('reads the periods of v1’s and v2’s cpu.stat', () => {
    const v1 = 'nr_periods 400\nnr_throttled 388\nthrottled_time 31000000000\nnr_bursts 0\n';
    const v2 =
      'usage_usec 59000\nuser_usec 40000\nsystem_usec 19000\nnr_periods 12\nnr_throttled 3\nthrottled_usec 900\n';
    expect(throttlingOf(v1)).toEqual({ periods: 400, throttled_periods: 388 });
    expect(throttlingOf(v2)).toEqual({ periods: 12, throttled_periods: 3 });
    expect(throttlingOf('usage_usec 59000\n')).toBeNull();
  });

  it('sums each role’s processes between two readings, as a share of their periods', () => {
    const before = new Map([
      [10, { periods: 100, throttled_periods: 90 }],
      [11, { periods: 50, throttled_periods: 10 }],
    ]);
    const after = new Map([
      [10, { periods: 300, throttled_periods: 280 }],
      // Limited after the first reading: all its periods count.
      [12, { periods: 100, throttled_periods: 100 }],
      [11, { periods: 250, throttled_periods: 60 }],
      [13, { periods: 5, throttled_periods: 5 }],
    ]);
    const roles = new Map([
      [10, 'ledger'],
      [11, 'gateway'],
      [12, 'ledger'],
    ]);
    // ledger: (190 + 100) of (200 + 100); gateway: 50 of 200; pid 13 has no role and is left out.
    expect(describeThrottling(before, after, (pid) => roles.get(pid))).toBe(
      'periods throttled: gateway 25% of 200, ledger 97% of 300',
    );
  });

  it('says none when no limited process ran', () => {
    const idle = new Map([[10, { periods: 7, throttled_periods: 0 }]]);
    expect(describeThrottling(idle, idle, () => 'ledger')).toBe('periods throttled: none');
  });
});
