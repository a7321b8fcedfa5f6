import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ALL_IN_ONE_NODE_FLAGS, SERVICE_NODE_FLAGS } from './node-flags';

const run = promisify(execFile);

/**
 * A process under load (20 million small objects, most dropped soon), then quiet, as a service between bursts: each quarter second
 * it scavenges once (a quiet process allocates little, so its rare scavenges find a low allocation
 * rate, and that is when V8 shrinks the young generation). It prints the young generation's
 * capacity (MB) after the load and after 3 s of quiet.
 */
const LOAD_THEN_QUIET = `
const v8 = require('node:v8');
const young = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
const mb = (bytes) => bytes / 2 ** 20;
const capacity_mb = () => mb(young().space_used_size + young().space_available_size);
let kept = [];
for (let i = 0; i < 20000000; i += 1) {
  kept.push({ i });
  if (kept.length === 100000) kept = [];
}
kept = [];
const loaded_mb = capacity_mb();
let quiet_ms = 0;
const quiet = () => {
  gc({ type: 'minor' });
  quiet_ms += 250;
  if (quiet_ms < 3000) return setTimeout(quiet, 250);
  console.log(JSON.stringify({ loaded_mb, quiet_mb: capacity_mb() }));
};
setTimeout(quiet, 250);
`;

interface Young {
  loaded_mb: number;
  quiet_mb: number;
}

async function youngGenerationWith(flags: readonly string[]): Promise<Young> {
  const { stdout } = await run(process.execPath, [...flags, '--expose-gc', '-e', LOAD_THEN_QUIET]);
  return JSON.parse(stdout) as Young;
}

const withoutMinimum = (flags: readonly string[]) =>
  flags.filter((flag) => !flag.startsWith('--min-semi-space-size='));

describe("the platform's V8 flags through a quiet spell", () => {
  it('keep the young generation at its size', async () => {
    const [all_in_one, service, unheld] = await Promise.all([
      youngGenerationWith(ALL_IN_ONE_NODE_FLAGS),
      youngGenerationWith(SERVICE_NODE_FLAGS),
      youngGenerationWith(withoutMinimum(ALL_IN_ONE_NODE_FLAGS)),
    ]);
    // A semi-space's capacity, a little under its flag's size: 128 MB, and a service's 64 MB.
    expect(all_in_one.loaded_mb).toBeGreaterThan(120);
    expect(service.loaded_mb).toBeGreaterThan(60);
    for (const young of [all_in_one, service]) {
      expect(young.quiet_mb).toBeCloseTo(young.loaded_mb, 0);
    }
    // Without the minimum, V8 shrinks it to a megabyte, and the next burst scavenges far more
    // often while it grows back.
    expect(unheld.loaded_mb).toBeGreaterThan(8);
    expect(unheld.quiet_mb).toBeLessThanOrEqual(1);
  }, 30_000);
});
