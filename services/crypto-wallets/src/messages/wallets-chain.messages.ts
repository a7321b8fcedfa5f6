import { Controller } from '@nestjs/common';
import {
  WALLET_CHAIN_COMMANDS,
  type CreateWalletSendCommand,
  type ExternalMovementCommand,
  type SetAutoForwardCommand,
  type WalletPageCommand,
  type WalletRefCommand,
  type WalletSendReceiptCommand,
  type WalletSendRefCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SegregatedChainViews } from '../application/segregated-chain-views';
import { WalletSends } from '../application/wallet-sends';

/** Segregated wallets on chain: balance, history, sends, auto-forward (decisions D9). */
@Controller()
export class WalletsChainMessages {
  constructor(
    private readonly views: SegregatedChainViews,
    private readonly sends: WalletSends,
  ) {}

  @Handles(WALLET_CHAIN_COMMANDS.balance)
  balance(command: WalletRefCommand) {
    return this.views.balance(command.account_id, command.wallet_id);
  }

  @Handles(WALLET_CHAIN_COMMANDS.list_deposits)
  deposits(command: WalletPageCommand) {
    return this.views.deposits(command.account_id, command.wallet_id, command);
  }

  @Handles(WALLET_CHAIN_COMMANDS.list_transactions)
  transactions(command: WalletPageCommand) {
    return this.views.transactions(command.account_id, command.wallet_id, command);
  }

  @Handles(WALLET_CHAIN_COMMANDS.create_send)
  createSend(command: CreateWalletSendCommand) {
    return this.sends.create(command);
  }

  @Handles(WALLET_CHAIN_COMMANDS.list_sends)
  listSends(command: WalletPageCommand) {
    return this.sends.list(command.account_id, command.wallet_id, command.limit, command.offset);
  }

  @Handles(WALLET_CHAIN_COMMANDS.get_send)
  getSend(command: WalletSendRefCommand) {
    return this.sends.get(command.account_id, command.wallet_id, command.send_id);
  }

  @Handles(WALLET_CHAIN_COMMANDS.send_receipt)
  receipt(command: WalletSendReceiptCommand) {
    return this.sends.receipt(
      command.account_id,
      command.wallet_id,
      command.send_id,
      command.locale,
    );
  }

  @Handles(WALLET_CHAIN_COMMANDS.get_auto_forward)
  autoForward(command: WalletRefCommand) {
    return this.views.autoForward(command.account_id, command.wallet_id);
  }

  @Handles(WALLET_CHAIN_COMMANDS.set_auto_forward)
  setAutoForward(command: SetAutoForwardCommand) {
    return this.views.setAutoForward(command.account_id, command.wallet_id, command.enabled);
  }

  @Handles(WALLET_CHAIN_COMMANDS.external_movement)
  externalMovement(command: ExternalMovementCommand) {
    return this.views.externalMovement(command);
  }
}
