/**
 * The V8 flags every platform process runs with: `npm start`, each service the distributed
 * launcher starts, the container image's command and `npm run bench:api`. The deploy checks
 * (tools/deploy-checks/node-flags.spec.ts) prove that each of those command lines carries them.
 *
 * `--max-semi-space-size=64`: the young generation's two semi-spaces may grow to 64 MB each
 * instead of V8's 16 MB. Each request allocates many short-lived objects (the bus's JSON copies,
 * spans, rows), and with the default the scavenger ran four times as often; at 32 MB, twice as
 * often as now. What is still alive at two scavenges in a row moves on to the old generation, so
 * the rarer they are, the fewer of a request's objects do. The cost is at most 144 MB more young
 * generation per process under load (V8 reserves three times the semi-space size).
 *
 * `--no-allocation-site-pretenuring`: V8 otherwise learns, per place in the code that allocates,
 * whether what it makes tends to outlive a scavenge, and then makes it straight in the old
 * generation. A request's objects outlive one when the process is slow for a moment (a stall, a
 * burst), and a site once tenured kept sending every later request's short-lived objects (the
 * rows a query returns, among others) to the old generation, which then filled, and was collected
 * in full, twice as often. Each full collection holds requests up for up to 100 ms: in bench:api's
 * open loop they made the p99.
 */
export const PLATFORM_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
];
