/**
 * The V8 flags every platform process runs with: `npm start`, each service the distributed
 * launcher starts, the container image's command and `npm run bench:api`. The deploy checks
 * (tools/deploy-checks/node-flags.spec.ts) prove that each of those command lines carries them.
 *
 * `--max-semi-space-size=32`: the young generation's two semi-spaces may grow to 32 MB each
 * instead of V8's 16 MB. Each request allocates many short-lived objects (the bus's JSON copies,
 * spans, rows), and with the default the scavenger ran twice as often: in bench:api it halved the
 * scavenges and cut the time paused in them by a third. The cost is at most 48 MB more young
 * generation per process (V8 reserves three times the semi-space size).
 */
export const PLATFORM_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
