import type { E2eAllInOnePlatform } from './all-in-one';
import { e2eRuntime, type E2ePlatform, type E2ePlatformOptions } from './platform';

export * from './platform';
export type { E2eAllInOnePlatform } from './all-in-one';
export type { LauncherLine } from './launcher';

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

/**
 * The platform of a suite that needs `internals`: such a suite is named `*.all-in-one.e2e.spec.ts`
 * (the dist tier never lists it) and refuses to run on another runtime rather than pass unseen.
 */
export async function startAllInOneOnly(options: E2ePlatformOptions): Promise<E2eAllInOnePlatform> {
  const runtime = e2eRuntime();
  if (runtime !== 'all-in-one')
    throw new Error(
      `this suite reaches the platform's insides: it runs on all-in-one, not ${runtime}`,
    );
  const { startAllInOnePlatformWithInternals } = await import('./all-in-one.js');
  return startAllInOnePlatformWithInternals(options);
}
