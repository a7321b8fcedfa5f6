import type { Environment } from '@platform/contracts';

/** The runtime a suite runs on: E2E_RUNTIME, set by the Jest project (int: all-in-one, dist). */
export const E2E_RUNTIMES = ['all-in-one', 'distributed'] as const;
export type E2eRuntime = (typeof E2E_RUNTIMES)[number];

/** One environment of the running platform, as a client reaches it. */
export interface E2eEnvironment {
  environment: Environment;
  /** The gateway's address: every call of a suite goes there. */
  base_url: string;
  /** The operator's credential of this environment (`/admin/v1`). */
  operator_token: string;
}

/** What a suite gets, whichever runtime started it. */
export interface E2ePlatform {
  readonly runtime: E2eRuntime;
  /**
   * `test` always; `live` when the suite asked for it (either runtime starts a second
   * deployment for it). Reading `live` otherwise throws.
   */
  readonly environments: Readonly<Record<Environment, E2eEnvironment>>;
  /** Gateways of the test environment: as many as asked on the distributed runtime; the
   * all-in-one runtime has one gateway per environment, named once per gateway asked. */
  readonly gateways: readonly string[];
  /** The settings the suite passed, as every process of the platform got them. */
  readonly settings: Readonly<Record<string, string>>;
  /** Stops everything the platform started and drops its databases and topics. */
  close(): Promise<void>;
}

export interface E2ePlatformOptions {
  /** Names the suite's databases and topics (lower case, digits): a leftover names its suite. */
  label: string;
  /** Settings every process gets (the all-in-one runtime: both environments). */
  settings?: Record<string, string>;
  /** The live environment too. */
  live?: boolean;
  /** Gateways in front of the test environment (see `E2ePlatform.gateways`); 1 unless told. */
  gateways?: number;
}

/** The runtime E2E_RUNTIME names; all-in-one when unset. */
export function e2eRuntime(env: NodeJS.ProcessEnv = process.env): E2eRuntime {
  const named = env.E2E_RUNTIME ?? 'all-in-one';
  if (!(E2E_RUNTIMES as readonly string[]).includes(named))
    throw new Error(`E2E_RUNTIME must be one of ${E2E_RUNTIMES.join(', ')}, not ${named}`);
  return named as E2eRuntime;
}

/** The environments record of a platform that may not run live: asking for it says so. */
export function environmentsOf(
  test: E2eEnvironment,
  live: E2eEnvironment | undefined,
): Record<Environment, E2eEnvironment> {
  return {
    test,
    get live(): E2eEnvironment {
      if (!live) throw new Error('this suite started the platform without live: true');
      return live;
    },
  };
}
