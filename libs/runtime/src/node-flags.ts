/**
 * The V8 flags every platform process runs with. A process that runs one service (each service
 * the distributed launcher starts, the container image's command) takes SERVICE_NODE_FLAGS; the
 * all-in-one process (`npm start`, and `npm run bench:api`, which measures it) takes
 * ALL_IN_ONE_NODE_FLAGS. The deploy checks (tools/deploy-checks/node-flags.spec.ts) prove that
 * each of those command lines carries its own.
 *
 * `--max-semi-space-size`: how far the young generation's two semi-spaces may grow, instead of
 * V8's 16 MB. Each request allocates many short-lived objects (the bus's JSON copies, spans, rows),
 * and each time the young generation fills, the scavenger stops the process to move what is still
 * alive: the smaller it is, the more often. What is alive at two scavenges in a row moves on to the
 * old generation, so the rarer they are, the fewer of a request's objects do. V8 reserves three
 * times the semi-space size, which the process uses only under load.
 * - A service's process: 64 MB (at 32, the scavenger ran twice as often; at V8's 16, four times),
 *   at most 144 MB more than V8's default, which a service's container (512 Mi in deploy/k8s) has
 *   room for.
 * - The all-in-one process allocates for every service at once: 128 MB. In six runs of bench:api's
 *   open loop (4,000 transfers at half the rate) at 64, the scavenger paused it about 40 times
 *   (20-42 ms at the longest) and the old generation was collected in full once or twice in every
 *   run: p99 56-206 ms, median 121. In six runs beside them at 128: about 20 scavenges and no full
 *   collection in any, p99 41-64 ms, median 50; Node CPU a transfer the same. At most 336 MB more
 *   than V8's default; 256 was no better, and its full collections paused 94-96 ms.
 *
 * `--min-semi-space-size`, the same size: the young generation keeps its size through a quiet
 * spell. V8 otherwise shrinks it to 1 MB at the first scavenge that finds a low allocation rate
 * (node-flags.int.spec.ts), or when it reduces memory after a lull (a full collection marked
 * `(reduce)` in `--trace-gc`), and the next burst meets a scavenge every few tens of milliseconds
 * while it grows back. In one of bench:api's open-loop rounds after such a reduction, the
 * scavenger ran 56 times instead of 14-16, what it moved on filled the old generation (118 to
 * 183 MB in 8 s), and that full collection (39 ms) made a p99 of 212 ms, where the four rounds
 * before had 19-21 ms. The bound on memory is the one under load, above.
 *
 * `--no-allocation-site-pretenuring`: V8 otherwise learns, per place in the code that allocates,
 * whether what it makes tends to outlive a scavenge, and then makes it straight in the old
 * generation. A request's objects outlive one when the process is slow for a moment (a stall, a
 * burst), and a site once tenured kept sending every later request's short-lived objects (the
 * rows a query returns, among others) to the old generation, which then filled, and was collected
 * in full, twice as often. Each full collection holds requests up for up to 100 ms: in bench:api's
 * open loop they made the p99.
 */
function nodeFlags(semi_space_mb: number): readonly string[] {
  return [
    `--max-semi-space-size=${semi_space_mb}`,
    `--min-semi-space-size=${semi_space_mb}`,
    '--no-allocation-site-pretenuring',
  ];
}

export const SERVICE_NODE_FLAGS = nodeFlags(64);

export const ALL_IN_ONE_NODE_FLAGS = nodeFlags(128);

/**
 * With a directory, the flags that make V8 write a CPU profile of the process when it exits (a
 * stop, or a death the launcher restarts it after) into `<directory>/<name>`, one file per process.
 * NODE_OPTIONS cannot carry them (Node refuses `--cpu-prof` there), so the launcher adds them.
 */
export function cpuProfileFlags(directory: string | undefined, name: string): readonly string[] {
  if (directory === undefined || directory === '') return [];
  return ['--cpu-prof', `--cpu-prof-dir=${directory.replace(/\/+$/, '')}/${name}`];
}
