/**
 * Runs the given steps in order on SIGTERM or SIGINT, once, then exits. Committed state is safe
 * whatever happens here (events are published from the store or outbox after commit, consumers
 * are idempotent); a clean stop only avoids redelivery work on the next start.
 */
export function exitOnSignal(steps: Array<() => Promise<void>>, log: (line: string) => void): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`received ${signal}, shutting down`);
    for (const step of steps) {
      await step().catch((error: unknown) => log(`shutdown step failed: ${String(error)}`));
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Started by the launcher (npm run start:distributed) with an IPC channel: when the launcher
  // dies, even by SIGKILL, the channel closes and this process stops instead of living on alone.
  if (process.connected) process.once('disconnect', () => void stop('launcher gone'));
}
