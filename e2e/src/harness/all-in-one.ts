import type { Environment } from '@platform/contracts';
import type { RunningEnvironment, TestPlatform } from '@platform/all-in-one';
import { environmentsOf, type E2ePlatform, type E2ePlatformOptions } from './platform';

/** The operator token of every all-in-one test platform (`TEST_OPERATOR_TOKEN`). */
const OPERATOR_TOKEN = 'op_integration_test';

/**
 * Set by the int tier's test environment (compiled-platform-environment.js): boots a platform
 * from dist/, whose modules the Jest worker loaded once with Node's own require.
 */
type StartCompiledTestPlatform = (
  label: string,
  settings: Record<string, string>,
  environments: readonly Environment[],
) => Promise<Pick<TestPlatform, 'environments' | 'dispose'>>;

/**
 * The all-in-one runtime for a suite: the test environment (and live when asked for) in this
 * Jest process, databases of their own on the test server, a known operator token.
 */
export async function startAllInOnePlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
  const start_compiled = (
    globalThis as { __startCompiledTestPlatform__?: StartCompiledTestPlatform }
  ).__startCompiledTestPlatform__;
  if (!start_compiled) return startAllInOnePlatformWithInternals(options);
  const platform = await start_compiled(
    options.label,
    options.settings ?? {},
    environmentsAskedFor(options),
  );
  return describePlatform(options, platform, () => platform.dispose());
}

/**
 * The same platform loaded through Jest's module registry, for a suite that reaches its insides:
 * the objects `internals` hands out then belong to the suite's own modules (class tokens,
 * `instanceof`), which the compiled tree's copies would not.
 */
export async function startAllInOnePlatformWithInternals(
  options: E2ePlatformOptions,
): Promise<E2eAllInOnePlatform> {
  const { startTestPlatform, TEST_OPERATOR_TOKEN } = await import('@platform/all-in-one');
  if (TEST_OPERATOR_TOKEN !== OPERATOR_TOKEN) throw new Error('the test operator token changed');
  const platform = await startTestPlatform(
    options.label,
    options.settings ?? {},
    environmentsAskedFor(options),
  );
  return {
    ...describePlatform(options, platform, () => platform.dispose()),
    runtime: 'all-in-one',
    internals: (environment) => platform.environments[environment],
  };
}

/** The test environment, and the live one when the suite asked for it (`live: true`). */
function environmentsAskedFor(options: E2ePlatformOptions): Environment[] {
  return options.live ? ['test', 'live'] : ['test'];
}

function describePlatform(
  options: E2ePlatformOptions,
  platform: { environments: Record<Environment, { base_url: string }> },
  close: () => Promise<void>,
): E2ePlatform & { runtime: 'all-in-one' } {
  const [test, live] = environmentsAskedFor(options).map((environment) => ({
    environment,
    base_url: platform.environments[environment].base_url,
    operator_token: OPERATOR_TOKEN,
  }));
  return {
    runtime: 'all-in-one',
    environments: environmentsOf(test!, live),
    // One gateway per environment: every gateway asked for is that one.
    gateways: Array.from({ length: options.gateways ?? 1 }, () => test!.base_url),
    settings: options.settings ?? {},
    close,
  };
}

/**
 * A platform whose insides a suite may reach: its database, its bus, its services. Only the
 * all-in-one runtime offers them, for what no client can do (a row set by hand where no route
 * exists yet, a lock held to make a service unreachable, a poison event published on the bus).
 */
export interface E2eAllInOnePlatform extends E2ePlatform {
  readonly runtime: 'all-in-one';
  internals(environment: Environment): RunningEnvironment;
}
