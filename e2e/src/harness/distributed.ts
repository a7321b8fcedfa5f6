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
 * The distributed runtime for a suite: per environment, the launcher's processes on KAFKA_BROKERS
 * with topics and a database of their own. Both environments share the operator token and the
 * handoff secret (live signs handoffs, test verifies them) and nothing else; each derives its own
 * session key from the operator token and its name.
 */
export async function startDistributedPlatform(options: E2ePlatformOptions): Promise<E2ePlatform> {
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
