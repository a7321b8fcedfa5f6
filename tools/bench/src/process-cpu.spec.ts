import { spawn } from 'node:child_process';
import {
  cpuBreakdown,
  cpuPerSecond,
  machineCpuOf,
  readMachineCpu,
  readProcessesTicks,
  roleCpuMs,
  roleOf,
  ticksOfStat,
  type CpuReading,
} from './process-cpu';

describe('CPU readings from /proc', () => {
  it('reads user and system ticks of a process, even when its name holds spaces and parentheses', () => {
    // Fields 14 and 15 (utime 250, stime 40) count from the end of the name.
    const stat =
      '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 9000 0 12 0 250 40 0 0 20 0 11 0 ' +
      '943677 1200000000 50000 18446744073709551615 1 1 0 0 0 0 0 16781312 134234626 0 0 0 17 1';
    expect(ticksOfStat(stat)).toBe(290);
    expect(ticksOfStat('4242 (node) S')).toBeNull();
  });

  it('counts busy time as everything but idle and iowait, steal included', () => {
    const proc_stat =
      'cpu  100 5 50 1000 20 3 2 10 0 0\ncpu0 50 2 25 500 10 1 1 5 0 0\nintr 1 2 3\n';
    expect(machineCpuOf(proc_stat)).toEqual({ busy_ticks: 170, total_ticks: 1190 });
    expect(machineCpuOf('intr 1 2 3\n')).toBeNull();
  });

  it('names the part a process plays by its command line, and ignores the rest', () => {
    expect(
      roleOf('/usr/bin/node --max-semi-space-size=32 /srv/dist/services/ledger/src/main.js '),
    ).toBe('ledger');
    expect(roleOf('node /srv/dist/services/risk-scoring/src/main.js')).toBe('risk-scoring');
    expect(roleOf('node /srv/dist/tools/bench/src/api-baseline.js {"port":0}')).toBe('baseline');
    expect(roleOf('node /srv/dist/tools/bench/src/api-load.js')).toBe('load generator');
    expect(roleOf('node /srv/dist/tools/bench/src/crypto-load.js {"kind":"wallets"}')).toBeNull();
    expect(
      roleOf('java -Xmx512m -cp /root/.cache/platform-kafka/libs/* kafka.Kafka server.properties'),
    ).toBe('kafka');
    expect(roleOf('/usr/lib/jvm/temurin-17/bin/java -jar build.jar')).toBeNull();
    expect(roleOf('postgres: postgres bench_api 127.0.0.1(46374) idle')).toBe('postgresql');
    expect(roleOf('/tmp/pg/bin/postgres -D /tmp/pg/data -p 55493')).toBe('postgresql');
    expect(roleOf('/usr/bin/bash -c sleep 1')).toBeNull();
  });

  it('gives how busy the cores were and each role’s CPU per request, largest first', () => {
    const before: CpuReading = {
      machine: { busy_ticks: 1_000, total_ticks: 10_000 },
      processes: new Map([
        ['101@500', { role: 'ledger', ticks: 500 }],
        ['102@500', { role: 'gateway', ticks: 300 }],
        ['103@500', { role: 'cards', ticks: 40 }],
        // A PostgreSQL backend that ends before the second reading.
        ['104@600', { role: 'postgresql', ticks: 900 }],
      ]),
    };
    const after: CpuReading = {
      machine: { busy_ticks: 1_900, total_ticks: 11_000 },
      processes: new Map([
        ['101@500', { role: 'ledger', ticks: 800 }],
        ['102@500', { role: 'gateway', ticks: 700 }],
        ['103@500', { role: 'cards', ticks: 40 }],
        // Started in between: all its CPU is the run's.
        ['105@700', { role: 'postgresql', ticks: 100 }],
        // Pid 101 again, but a new process: the ledger's second copy.
        ['101@800', { role: 'ledger', ticks: 50 }],
      ]),
    };
    // 1,000 requests: gateway 400 ticks (4,000 ms), ledger 300 + 50, postgresql 100.
    expect(cpuBreakdown(before, after, 1_000)).toBe(
      'cores 90% busy; CPU ms/request: gateway 4.00, ledger 3.50, postgresql 1.00',
    );
    // A role's CPU over the run, in ms: the ledger's two processes together, none for a role absent.
    expect(roleCpuMs(before, after, 'ledger')).toBe(3_500);
    expect(roleCpuMs(before, after, 'postgresql')).toBe(1_000);
    expect(roleCpuMs(before, after, 'kafka')).toBe(0);
    const nothing: CpuReading = { machine: null, processes: new Map() };
    expect(cpuBreakdown(nothing, nothing, 1)).toBe('CPU: not readable here (no /proc)');
    expect(roleCpuMs(nothing, nothing, 'postgresql')).toBeNull();
  });

  it('gives each role’s CPU per second of wall time, largest first', () => {
    const before: CpuReading = {
      machine: null,
      processes: new Map([
        ['101@500', { role: 'ledger', ticks: 500 }],
        ['102@500', { role: 'kafka', ticks: 300 }],
        ['103@500', { role: 'cards', ticks: 40 }],
      ]),
    };
    const after: CpuReading = {
      machine: null,
      processes: new Map([
        ['101@500', { role: 'ledger', ticks: 502 }],
        ['102@500', { role: 'kafka', ticks: 310 }],
        ['103@500', { role: 'cards', ticks: 40 }],
      ]),
    };
    // 10 s: kafka 100 ms (10 ticks), ledger 20 ms, cards none.
    expect(cpuPerSecond(before, after, 10_000)).toBe('CPU ms/s: kafka 10.0, ledger 2.0');
    expect(cpuPerSecond(after, after, 10_000)).toBe('CPU ms/s: none');
  });

  it('reads this machine’s cores and its processes (the bench runs on Linux)', () => {
    const first = readMachineCpu();
    expect(first).not.toBeNull();
    expect(first!.busy_ticks).toBeLessThanOrEqual(first!.total_ticks);
    expect(readMachineCpu()!.total_ticks).toBeGreaterThanOrEqual(first!.total_ticks);
    // A child that plays a part by its command line: found by /proc, keyed by pid and start.
    const child = spawn(process.execPath, [
      '-e',
      'setTimeout(() => {}, 10_000)',
      '/srv/dist/services/ledger/src/main.js',
    ]);
    try {
      const found = [...readProcessesTicks()].filter(([key]) => key.startsWith(`${child.pid}@`));
      expect(found).toEqual([
        [expect.stringMatching(/^\d+@\d+$/), { role: 'ledger', ticks: expect.any(Number) }],
      ]);
    } finally {
      child.kill();
    }
  });
});
