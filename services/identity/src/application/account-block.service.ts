import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type AccountBlockState,
  type BlockAccountCommand,
  type UnblockAccountCommand,
} from '@platform/contracts';
import { decideAccountBlock, type AccountBlockChange } from '../domain/account-block';
import { AccountBlocksRepository } from '../infrastructure/account-blocks.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The platform operator blocks and unblocks accounts. A blocked account keeps its sessions and
 * keys: the gateway lets them read and sign out, and answers `account_blocked` to the rest.
 */
@Injectable()
export class AccountBlockService {
  constructor(private readonly accounts: AccountBlocksRepository) {}

  block(command: BlockAccountCommand): Promise<AccountBlockState> {
    return this.change(command.account_id, {
      kind: 'block',
      reason: command.reason,
      now: new Date(),
    });
  }

  unblock(command: UnblockAccountCommand): Promise<AccountBlockState> {
    return this.change(command.account_id, { kind: 'unblock' });
  }

  private async change(account_id: string, change: AccountBlockChange): Promise<AccountBlockState> {
    const not_found = new DomainError('not_found', 'the account was not found');
    if (!UUID.test(account_id)) throw not_found;
    const state = await this.accounts.change(account_id, (current) =>
      decideAccountBlock(current, change),
    );
    if (!state) throw not_found;
    return state;
  }
}
