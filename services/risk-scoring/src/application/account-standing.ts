import { ACCOUNT_COMMANDS, DomainError } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';

/** What risk-scoring asks identity about a requesting account. */
export class AccountStanding {
  constructor(private readonly bus: BusClient) {}

  /** A report needs a verified requester (decisions D10): 403 `kyc_required` otherwise. */
  async assertVerified(account_id: string): Promise<void> {
    const profile = await this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id });
    if (profile.kyc_status !== 'approved')
      throw new DomainError('kyc_required', 'the account must complete its verification first');
  }

  /** The account's display name, as a consent page shows the requester. */
  async displayName(account_id: string): Promise<string | null> {
    const profile = await this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id });
    return profile.display_name;
  }
}
