import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PoisonGuard, type DeadLetters } from '@platform/persistence';
import { DEAD_LETTERS, poisonPolicyOf } from '@platform/runtime';
import { WalletSends } from '../../application/wallet-sends';
import { CRYPTO_WALLETS_SETTINGS, type CryptoWalletsSettings } from '../../crypto-wallets.settings';
import { SegregatedChainRepository } from '../segregated-chain.repository';

/** How often the worker looks, and how old a send must be before it counts as abandoned. */
const POLL_MS = 2_000;
export const SEND_BROADCAST_GRACE_MS = 5_000;
const BATCH = 50;

/**
 * A send is stored, then handed to the chain: a process that dies between the two leaves a
 * pending send with no transaction. This worker hands such sends to the chain again (the
 * chain's broadcast is idempotent by the send's reference). One that keeps failing is set aside
 * as a dead letter with its reason, and the others go on (D12).
 */
@Injectable()
export class SendsRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('crypto-wallets:sends');
  private readonly guard: PoisonGuard;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    @Inject(CRYPTO_WALLETS_SETTINGS) settings: CryptoWalletsSettings,
    @Inject(DEAD_LETTERS) dead_letters: DeadLetters,
    private readonly sends: WalletSends,
    private readonly repository: SegregatedChainRepository,
  ) {
    this.guard = new PoisonGuard(
      dead_letters,
      'worker:wallet_send_broadcast',
      poisonPolicyOf(settings),
    );
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: answers how many abandoned sends were handed to the chain. */
  async resumeAbandoned(grace_ms = SEND_BROADCAST_GRACE_MS): Promise<number> {
    let resumed = 0;
    for (const send of await this.repository.unbroadcastSends(grace_ms, BATCH, this.guard)) {
      if (this.stopping) break;
      const result = await this.guard.run(send.send_id, { send_id: send.send_id }, () =>
        this.sends.resumeBroadcast(send),
      );
      if (result.outcome === 'done') resumed += 1;
      if (result.outcome === 'set_aside')
        this.logger.error(`send ${send.send_id} set aside as a dead letter: ${result.reason}`);
    }
    return resumed;
  }

  private schedule(): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.resumeAbandoned()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn(`send recovery failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, POLL_MS);
  }
}
