import { Controller, Inject } from '@nestjs/common';
import {
  CRYPTO_DEPOSIT_COMMANDS,
  type CommandRequest,
  type CryptoDepositResource,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { DepositObservations } from '../application/deposit-observations';
import { DepositsService } from '../application/deposits.service';
import { LiveChain } from '../infrastructure/chain/live-chain';
import type { ChainTransfer } from '../infrastructure/chain/chain-transfers';

type Commands = typeof CRYPTO_DEPOSIT_COMMANDS;

/** Deposit wallets, deposits and the operator's feed of the live chain. */
@Controller()
export class DepositsMessages {
  constructor(
    @Inject(DepositsService) private readonly deposits: DepositsService,
    @Inject(LiveChain) private readonly live: LiveChain,
    @Inject(DepositObservations) private readonly observations: DepositObservations,
  ) {}

  @Handles(CRYPTO_DEPOSIT_COMMANDS.create_wallet)
  createWallet(request: CommandRequest<Commands['create_wallet']>) {
    return this.deposits.createWallet(request);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.list_wallets)
  listWallets({ account_id }: CommandRequest<Commands['list_wallets']>) {
    return this.deposits.listWallets(account_id);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.sandbox_deposit)
  sandboxDeposit(
    request: CommandRequest<Commands['sandbox_deposit']>,
  ): Promise<CryptoDepositResource> {
    return this.deposits.sandboxDeposit(request);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.list_deposits)
  listDeposits(request: CommandRequest<Commands['list_deposits']>) {
    return this.deposits.listDeposits(request);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.get_deposit)
  getDeposit({ account_id, deposit_id }: CommandRequest<Commands['get_deposit']>) {
    return this.deposits.getDeposit(account_id, deposit_id);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.decide_hold)
  async decideHold({ deposit_id, decision }: CommandRequest<Commands['decide_hold']>) {
    const decided = await this.observations.decideHold(deposit_id, decision);
    return this.deposits.getDeposit(decided.account_id, decided.deposit_id);
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.pending_broadcasts)
  async pendingBroadcasts({ limit }: CommandRequest<Commands['pending_broadcasts']>) {
    return { broadcasts: (await this.live.pendingBroadcasts(limit)).map(broadcastView) };
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.report_broadcast)
  async reportBroadcast({ reference, tx_id }: CommandRequest<Commands['report_broadcast']>) {
    const transfer = await this.live.reportBroadcast(reference, tx_id);
    return { ...broadcastView(transfer), tx_id: transfer.tx_id ?? '' };
  }

  @Handles(CRYPTO_DEPOSIT_COMMANDS.report_observation)
  reportObservation(request: CommandRequest<Commands['report_observation']>) {
    return this.live.reportObservation(request);
  }
}

function broadcastView(transfer: ChainTransfer) {
  return {
    reference: transfer.reference ?? '',
    chain: transfer.chain,
    asset: transfer.asset,
    from_address: transfer.from_address,
    to_address: transfer.to_address,
    amount: transfer.amount,
    created_at: transfer.created_at,
  };
}
