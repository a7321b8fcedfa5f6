export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __EMBEDDED_PG__?: { stop(): Promise<void> } }).__EMBEDDED_PG__;
  if (handle) await handle.stop();
}
