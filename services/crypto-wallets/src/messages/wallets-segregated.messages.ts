import { Controller } from '@nestjs/common';
import {
  SEGREGATED_WALLET_COMMANDS,
  type CreateSegregatedWalletCommand,
  type ExportWalletKeyCommand,
  type GetSegregatedWalletCommand,
  type ImportSegregatedWalletCommand,
  type ListSegregatedWalletsCommand,
  type SignWalletMessageCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SegregatedWallets } from '../application/segregated';

/** Segregated wallets' commands (decisions D9). */
@Controller()
export class SegregatedWalletsMessages {
  constructor(private readonly wallets: SegregatedWallets) {}

  @Handles(SEGREGATED_WALLET_COMMANDS.create)
  create(command: CreateSegregatedWalletCommand) {
    return this.wallets.create(command);
  }

  @Handles(SEGREGATED_WALLET_COMMANDS.import)
  import(command: ImportSegregatedWalletCommand) {
    return this.wallets.import(command);
  }

  @Handles(SEGREGATED_WALLET_COMMANDS.list)
  list(command: ListSegregatedWalletsCommand) {
    return this.wallets.list(command.account_id, command.limit, command.offset);
  }

  @Handles(SEGREGATED_WALLET_COMMANDS.get)
  get(command: GetSegregatedWalletCommand) {
    return this.wallets.get(command.account_id, command.wallet_id);
  }

  @Handles(SEGREGATED_WALLET_COMMANDS.export_key)
  exportKey(command: ExportWalletKeyCommand) {
    return this.wallets.exportKey(command.account_id, command.wallet_id);
  }

  @Handles(SEGREGATED_WALLET_COMMANDS.sign_message)
  sign(command: SignWalletMessageCommand) {
    return this.wallets.signMessage(command.account_id, command.wallet_id, command.message);
  }
}
