import { randomBytes } from 'node:crypto';
import type { Environment } from '@platform/contracts';
import {
  buildDist,
  distEntry,
  freePortRange,
  startNodeProcess,
  type NodeProcess,
} from '@platform/testing';
import { awaitReadyz, LauncherDeployment } from './launcher';
import {
  environmentsOf,
  type E2eEnvironment,
  type E2ePlatform,
  type E2ePlatformOptions,
} from './platform';

/**
 * The settings of the one deployment that suites of a shared run use (`shareDeployments`): the
 * union of what those suites ask for, none of which changes what another of them sees (a fee of
 * banking payments, the limits of crypto withdrawals, GOLD not settled, sandbox steps of 50 ms).
 */
export const SHARED_DEPLOYMENT_SETTINGS: Readonly<Record<string, string>> = {
  SANDBOX_STEP_MS: '50',
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
  WEBHOOK_POLL_MS: '100',
  PAYINS_SETTLEMENT_INTERVAL_MS: '100',
  TRAVEL_RULE_THRESHOLD_USD: '100',
  CRYPTO_WITHDRAWAL_MAX_USD: '5000',
  BANKING_PAYMENT_FEE_USD: '0.50',
  BANKING_PAYMENT_FEE_EUR: '1.00',
  SETTLEMENT_DISABLED_ASSETS: 'GOLD',
};

/** The shared deployment of this file's run, once a suite has asked for it. */
let shared: { platform?: Promise<E2ePlatform> } | undefined;

/**
 * Lets the suites of this test file share one deployment: the dist tier runs its e2e suites from
 * one file, and eleven processes booted once rather than per suite save most of its time. A suite
 * shares when it asks for the test environment alone, one gateway, and settings that are all in
 * `SHARED_DEPLOYMENT_SETTINGS` with the same values; any other boots its own, as it would alone.
 * Its `close()` then leaves the deployment running; this file's `afterAll` stops it.
 */
export function shareDeployments(): void {
  shared = {};
  afterAll(async () => {
    const platform = shared?.platform;
    shared = undefined;
    // A deployment that never came up failed its suites already, and stopped what it started.
    await (await platform?.catch(() => undefined))?.close();
  });
}

function sharesDeployment(options: E2ePlatformOptions): boolean {
  return (
    !options.live &&
    (options.gateways ?? 1) === 1 &&
    Object.entries(options.settings ?? {}).every(
      ([name, value]) => SHARED_DEPLOYMENT_SETTINGS[name] === value,
    )
  );
}

/**
 * The distributed runtime for a suite: per environment, the launcher's processes on KAFKA_BROKERS
 * with topics and a database of their own (or the file's shared deployment, `shareDeployments`).
 */
export async function startDistributedPlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
  if (!shared || !sharesDeployment(options)) return startOwnPlatform(options);
  shared.platform ??= startOwnPlatform({ label: 'shared', settings: SHARED_DEPLOYMENT_SETTINGS });
  const platform = await shared.platform;
  // The suite's own settings, as on a deployment of its own; closing is the file's.
  return { ...platform, settings: options.settings ?? {}, close: async () => undefined };
}

/**
 * A deployment of the suite's own. Both environments share the operator token and the handoff
 * secret (live signs handoffs, test verifies them) and nothing else; each derives its own session
 * key from the operator token and its name.
 */
async function startOwnPlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
  buildDist();
  const secret = randomBytes(24).toString('hex');
  const operator_token = `op_e2e_${secret.slice(0, 16)}`;
  const settings = options.settings ?? {};
  const env = {
    OPERATOR_TOKEN: operator_token,
    HANDOFF_SECRET: `e2e-handoff-${secret}`,
    BUS_VALIDATE_REPLIES: 'true',
    // Request logs of nine processes would bury the suite's own output; errors still show.
    LOG_LEVEL: 'warn',
    ...settings,
  };
  const environments: Environment[] = options.live ? ['test', 'live'] : ['test'];
  const deployments: LauncherDeployment[] = [];
  const extra_gateways: NodeProcess[] = [];
  const close = async () => {
    await Promise.all(extra_gateways.map((gateway) => gateway.stop()));
    await Promise.all(deployments.map((deployment) => deployment.dispose()));
  };
  try {
    for (const environment of environments) {
      deployments.push(await LauncherDeployment.start({ environment, label: options.label, env }));
    }
    for (const deployment of deployments) await expectReady(deployment);
    const [test, live] = deployments as [LauncherDeployment, LauncherDeployment | undefined];
    const gateways = [test.base_url];
    for (let extra = 1; extra < (options.gateways ?? 1); extra++) {
      const { url, process } = await startGateway(test);
      extra_gateways.push(process);
      gateways.push(url);
    }
    const environmentOf = (deployment: LauncherDeployment, environment: Environment) =>
      ({ environment, base_url: deployment.base_url, operator_token }) satisfies E2eEnvironment;
    return {
      runtime: 'distributed',
      environments: environmentsOf(
        environmentOf(test, 'test'),
        live && environmentOf(live, 'live'),
      ),
      gateways,
      settings,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function expectReady(deployment: LauncherDeployment): Promise<void> {
  const statuses = await deployment.awaitReady();
  if (statuses.every((status) => status === 200)) return;
  const names = ['gateway', ...deployment.lines.map((line) => line.target)];
  throw new Error(
    `distributed platform not ready: /readyz answered ${statuses.join(', ')} ` +
      `(gateway first, then the services in boot order: ${[...new Set(names)].join(', ')})`,
  );
}

/** One more gateway process in front of the deployment's services, on the same bus. */
async function startGateway(
  deployment: LauncherDeployment,
): Promise<{ url: string; process: NodeProcess }> {
  const port = await freePortRange(1);
  const process = startNodeProcess(distEntry('services/gateway/src/main.js'), {
    env: { ...deployment.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  if (!(await awaitReadyz(url, process))) {
    await process.stop('SIGKILL');
    throw new Error(`the extra gateway on ${url} never became ready`);
  }
  return { url, process };
}
