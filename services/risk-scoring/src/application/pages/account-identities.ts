import { ACCOUNT_COMMANDS } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import type { OwnIdentity } from '../../domain/pages/own-report-rules';

/** What identity knows of an account: its verified identity and the name it goes by. */
export interface AccountIdentity extends OwnIdentity {
  display_name: string;
}

/** Accounts as identity keeps them (their verified tax id and country are back-filled there). */
export class AccountIdentities {
  constructor(private readonly bus: BusClient) {}

  async of(account_id: string): Promise<AccountIdentity> {
    const profile = await this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id });
    return {
      type: profile.type,
      kyc_status: profile.kyc_status,
      country: profile.country,
      tax_id: profile.tax_id,
      display_name: profile.display_name,
    };
  }
}
