import { Controller } from '@nestjs/common';
import {
  WALLET_LINK_COMMANDS,
  type CreateWalletLinkChallengeCommand,
  type DeleteWalletLinkCommand,
  type ListWalletLinksCommand,
  type VerifyWalletLinkCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { WalletLinks } from '../application/links';

/** Wallet links' commands (decisions D9). */
@Controller()
export class WalletLinksMessages {
  constructor(private readonly links: WalletLinks) {}

  @Handles(WALLET_LINK_COMMANDS.create_challenge)
  challenge(command: CreateWalletLinkChallengeCommand) {
    return this.links.challenge(command);
  }

  @Handles(WALLET_LINK_COMMANDS.verify)
  verify(command: VerifyWalletLinkCommand) {
    return this.links.verify(command);
  }

  @Handles(WALLET_LINK_COMMANDS.list)
  list(command: ListWalletLinksCommand) {
    return this.links.list(command.account_id, command.limit, command.offset);
  }

  @Handles(WALLET_LINK_COMMANDS.delete)
  delete(command: DeleteWalletLinkCommand) {
    return this.links.delete(command.account_id, command.link_id);
  }
}
