import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ALL_IN_ONE_NODE_FLAGS } from '@platform/runtime/node-flags';
import type { ApiLoadPlan, ApiLoadResult } from './api-load';
import { forkLoad, startLoadGenerator } from './bench-client';

// Jest's global setup compiles dist/, whose load generator the benchmark forks.
const API_LOAD_JS = path.resolve(__dirname, '../../../dist/tools/bench/src/api-load.js');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("bench:api's load generator: one process for every run", () => {
  let server: Server;
  let target: string;
  let transfers = 0;

  beforeAll(async () => {
    // Stands in for a gateway: the generator needs a health check and answers to its POSTs.
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (request.url === '/v1/transfers') transfers += 1;
        response.writeHead(request.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json',
        });
        response.end('{}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  const plan = (run: string, requests: number): ApiLoadPlan => ({
    kind: 'transfers',
    targets: [target],
    payers: ['Bearer payer'],
    recipients: ['acc_payee'],
    requests,
    concurrency: 2,
    run,
  });

  it('runs plan after plan in the same process, then stops when closed', async () => {
    const generator = startLoadGenerator<ApiLoadPlan, ApiLoadResult>(API_LOAD_JS);
    const pid = generator.pid!;
    try {
      const first = await generator.run(plan('first', 20));
      expect(alive(pid)).toBe(true);
      const second = await generator.run(plan('second', 30));
      expect([first.samples_ms.length, second.samples_ms.length]).toEqual([20, 30]);
      expect(first.failures + second.failures).toBe(0);
      expect(second.generator_cpu_ms.total).toBeGreaterThan(0);
      expect(transfers).toBeGreaterThanOrEqual(50);
    } finally {
      generator.close();
    }
    await until(() => !alive(pid));
  });

  it("runs with its own V8 flags, not the benchmark's", async () => {
    const generator = startLoadGenerator<ApiLoadPlan, ApiLoadResult>(API_LOAD_JS);
    try {
      const command_line = readFileSync(`/proc/${generator.pid!}/cmdline`, 'utf8').split('\0');
      expect(command_line).toContain('--expose-gc');
      for (const flag of ALL_IN_ONE_NODE_FLAGS) expect(command_line).not.toContain(flag);
      expect((await generator.run(plan('flags', 10))).failures).toBe(0);
    } finally {
      generator.close();
    }
  });

  it('refuses a second plan while one runs, and every plan once its process is gone', async () => {
    const generator = startLoadGenerator<ApiLoadPlan, ApiLoadResult>(API_LOAD_JS);
    const pid = generator.pid!;
    const running = generator.run(plan('long', 200));
    await expect(generator.run(plan('second', 1))).rejects.toThrow('already running');
    await expect(running).resolves.toMatchObject({ failures: 0 });
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid));
    await expect(generator.run(plan('after', 1))).rejects.toThrow('the load generator exited');
  });

  it('runs a single plan in a process of its own that ends with it (forkLoad)', async () => {
    const before = transfers;
    const result = await forkLoad<ApiLoadPlan, ApiLoadResult>(API_LOAD_JS, plan('once', 5));
    expect(result.samples_ms).toHaveLength(5);
    expect(transfers - before).toBe(5);
  });
});
