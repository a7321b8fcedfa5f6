import type { Environment } from '@platform/contracts';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN,
  type RunningEnvironment,
} from '@platform/all-in-one';
import { environmentsOf, type E2ePlatform, type E2ePlatformOptions } from './platform';

/**
 * The all-in-one runtime for a suite, as every integration suite has run it: both environments
 * in this Jest process, databases of their own on the test server, a known operator token.
 */
export async function startAllInOnePlatform(
  options: E2ePlatformOptions,
): Promise<E2eAllInOnePlatform> {
  const settings = options.settings ?? {};
  const platform = await startTestPlatform(options.label, settings);
  const [test, live] = (['test', 'live'] as const).map((environment) => ({
    environment,
    base_url: platform.environments[environment].base_url,
    operator_token: TEST_OPERATOR_TOKEN,
  }));
  return {
    runtime: 'all-in-one',
    environments: environmentsOf(test!, live),
    // One gateway per environment: every gateway asked for is that one.
    gateways: Array.from({ length: options.gateways ?? 1 }, () => test!.base_url),
    settings,
    internals: (environment) => platform.environments[environment],
    close: () => platform.dispose(),
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
