import { e2eRuntime, type E2ePlatform, type E2ePlatformOptions } from './platform';

export * from './platform';
export { LauncherDeployment, type LauncherLine } from './launcher';

/**
 * The platform for one suite file (share it: `beforeAll`/`afterAll`), on the runtime E2E_RUNTIME
 * names. The same suite runs unchanged on either: it sees base URLs, the operator token and the
 * settings it passed, never a bus or a database. Each runtime is loaded only when asked for: the
 * distributed one does not load every service into the test process.
 */
export async function startPlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
  if (e2eRuntime() === 'distributed') {
    const { startDistributedPlatform } = await import('./distributed.js');
    return startDistributedPlatform(options);
  }
  const { startAllInOnePlatform } = await import('./all-in-one.js');
  return startAllInOnePlatform(options);
}
