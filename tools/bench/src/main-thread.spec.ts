import { Worker } from 'node:worker_threads';
import { describeMainThread, readMainThreadSchedule, scheduleOf } from './main-thread';
import { cpuMs } from './process-cpu';

/** Keeps the calling thread on a core until the process has used `ms` more of CPU. */
function burnCpu(ms: number): void {
  const start = process.cpuUsage();
  while (cpuMs(process.cpuUsage(start)) < ms) {
    // spin
  }
}

/** Runs a busy loop of `ms` of CPU on a worker thread, while this thread waits for it idle. */
function burnCpuOnWorker(ms: number): Promise<void> {
  const worker = new Worker(
    // process.cpuUsage() counts every thread; the main one waits idle meanwhile.
    `const start = process.cpuUsage();
     const used_ms = () => { const { user, system } = process.cpuUsage(start); return (user + system) / 1000; };
     while (used_ms() < ${ms}) {}`,
    { eval: true },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
}

describe("the platform's main thread, from the scheduler's statistics", () => {
  it('reads time on a core and time waiting for one, and refuses a line it cannot read', () => {
    expect(scheduleOf('4573913280 1208133906 30241\n')).toEqual({
      run_ns: 4_573_913_280,
      wait_ns: 1_208_133_906,
    });
    expect(scheduleOf('')).toBeNull();
    expect(scheduleOf('many\n')).toBeNull();
  });

  it('gives its CPU per request and share of the time, its wait, and the other threads’ CPU', () => {
    // 10 s of wall time, 1,000 requests: 7.7 s on a core, 2.2 s waiting, 9 s for the process.
    const line = describeMainThread({
      before: { run_ns: 1_000_000_000, wait_ns: 500_000_000 },
      after: { run_ns: 8_700_000_000, wait_ns: 2_700_000_000 },
      process_cpu_ms: 9_000,
      wall_ms: 10_000,
      requests: 1_000,
    });
    expect(line).toBe(
      '7.70 ms/request on a core (77% of the time), waiting for a core 22% of the time; the ' +
        "other threads (V8's compiler and collector helpers, libuv's pool) 1.30 ms/request",
    );
    expect(
      describeMainThread({
        before: null,
        after: null,
        process_cpu_ms: 1,
        wall_ms: 1,
        requests: 1,
      }),
    ).toBe('not readable here (no /proc/<pid>/task/<tid>/schedstat)');
  });

  it('counts the CPU this thread uses, and not what another thread of the process uses', async () => {
    const before = readMainThreadSchedule();
    if (before === null)
      throw new Error('this machine has no /proc schedstat for the test to read');
    burnCpu(150);
    const after_burn = readMainThreadSchedule()!;
    // Most of the process's 150 ms: its other threads (the collector's, the compiler's) ran too.
    expect(after_burn.run_ns - before.run_ns).toBeGreaterThanOrEqual(100_000_000);

    const process_before = process.cpuUsage();
    await burnCpuOnWorker(300);
    const process_used_ms = cpuMs(process.cpuUsage(process_before));
    const after_worker = readMainThreadSchedule()!;
    const main_used_ms = (after_worker.run_ns - after_burn.run_ns) / 1_000_000;
    // The worker's spin is the process's CPU, not the main thread's (which starts the worker).
    expect(process_used_ms).toBeGreaterThanOrEqual(300);
    expect(main_used_ms).toBeLessThan(process_used_ms / 2);
  });
});
