import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { IDLE_POLL_MS, WOKEN_IDLE_POLL_MS, type DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  SERVICE_POOL,
  poisonPolicyOf,
  type PlatformContext,
} from '@platform/runtime';
import {
  OBSERVATION_HANDLERS,
  type ChainPort,
  type ObservationHandler,
} from '../../application/chain-port';
import { ChainWatcher } from '../../application/chain-watcher';
import { networkOf } from '../../domain/chains/chain';
import type { CryptoWalletsSettings } from '../../crypto-wallets.settings';
import { LiveChain } from './live-chain';
import { SandboxChain } from './sandbox-chain';
import { SandboxTicker } from './sandbox-ticker';

/** The environment's chain: the simulated sandbox chain in test, the operator-fed one in live. */
export const CHAIN_PORT = Symbol('CHAIN_PORT');

/** The watcher polls at least this often apart, so that `SANDBOX_STEP_MS` 0 does not spin. */
const MIN_POLL_MS = 50;

const logger = new Logger('crypto-wallets:chain');

/** Starts the sandbox ticker (test only) and the chain watcher with the service, stops them with it. */
@Injectable()
export class ChainLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly watcher: ChainWatcher,
    @Inject(SandboxTicker) private readonly ticker: SandboxTicker | null,
  ) {}

  onApplicationBootstrap(): void {
    this.ticker?.start();
    this.watcher.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.ticker?.stop();
    await this.watcher.stop();
  }
}

/**
 * The chain's providers. `OBSERVATION_HANDLERS` (the array of handlers the watcher feeds) is
 * provided by the module, where each part of the service adds its own handler.
 */
export function chainProviders(
  context: PlatformContext,
  settings: CryptoWalletsSettings,
): Provider[] {
  const sandbox = context.environment !== 'live';
  return [
    {
      provide: SandboxChain,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new SandboxChain(pool),
    },
    {
      provide: LiveChain,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new LiveChain(pool, networkOf(context.environment)),
    },
    {
      provide: CHAIN_PORT,
      inject: [SandboxChain, LiveChain],
      useFactory: (sandbox_chain: SandboxChain, live_chain: LiveChain): ChainPort =>
        sandbox ? sandbox_chain : live_chain,
    },
    {
      provide: SandboxTicker,
      inject: [SandboxChain, ChainWatcher],
      useFactory: (chain: SandboxChain, watcher: ChainWatcher) =>
        sandbox
          ? new SandboxTicker(chain, settings.SANDBOX_STEP_MS, {
              on_error: (error) => logger.warn(`sandbox block retrying: ${String(error)}`),
              // The sandbox's log grows only by the ticker's blocks: each wakes the watcher.
              on_block: () => watcher.wake(),
            })
          : null,
    },
    {
      provide: ChainWatcher,
      inject: [SERVICE_POOL, CHAIN_PORT, OBSERVATION_HANDLERS, DEAD_LETTERS],
      useFactory: (
        pool: Pool,
        chain: ChainPort,
        handlers: ObservationHandler[],
        dead_letters: DeadLetters,
      ) =>
        new ChainWatcher(
          pool,
          chain,
          handlers,
          Math.max(MIN_POLL_MS, settings.SANDBOX_STEP_MS),
          {
            on_error: (error) => logger.warn(`chain observation retrying: ${String(error)}`),
            on_set_aside: (handler, cursor, reason) =>
              logger.error(`observation ${cursor} set aside for ${handler}: ${reason}`),
          },
          dead_letters,
          poisonPolicyOf(settings),
          // The sandbox ticker wakes it on each block; a live chain's log grows unannounced.
          sandbox ? WOKEN_IDLE_POLL_MS : IDLE_POLL_MS,
        ),
    },
    ChainLifecycle,
  ];
}
