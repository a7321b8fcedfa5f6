import { startTestPlatform, TEST_OPERATOR_TOKEN } from '@platform/all-in-one';
import { environmentsOf, type E2ePlatform, type E2ePlatformOptions } from './platform';

/**
 * The all-in-one runtime for a suite, as every integration suite has run it: both environments
 * in this Jest process, databases of their own on the test server, a known operator token.
 */
export async function startAllInOnePlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
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
    close: () => platform.dispose(),
  };
}
