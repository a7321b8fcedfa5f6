import { Injectable } from '@nestjs/common';
import { DomainError, type AccountProfile, type UpdateProfileCommand } from '@platform/contracts';
import { decideProfileChanges } from '../domain/account';
import { AccountsRepository } from '../infrastructure/accounts.repository';

@Injectable()
export class ProfileService {
  constructor(private readonly accounts: AccountsRepository) {}

  async get(account_id: string): Promise<AccountProfile> {
    const profile = await this.accounts.profile(account_id);
    if (!profile) throw new DomainError('not_found', 'the account was not found');
    return profile;
  }

  /** A viewer is read-only (decisions D4): its write is `forbidden`. */
  async update(command: UpdateProfileCommand): Promise<AccountProfile> {
    if (command.role === 'viewer')
      throw new DomainError('forbidden', 'a viewer cannot change the profile');
    const profile = await this.accounts.updateProfile(command.actor.account_id, (current) =>
      decideProfileChanges(current, command.changes),
    );
    if (!profile) throw new DomainError('not_found', 'the account was not found');
    return profile;
  }
}
