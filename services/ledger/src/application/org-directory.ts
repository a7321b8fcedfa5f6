import {
  CONTACTS_COMMANDS,
  DomainError,
  type ContactResource,
  IDENTITY_DIRECTORY_QUERIES,
  type OrgSettings,
  type RecipientMatch,
} from '@platform/contracts';
import type { BusClient } from '@platform/messaging';

/** What the ledger asks identity over the bus: an organization's timezone, who an account is. */
export class OrgDirectory {
  constructor(private readonly bus: BusClient) {}

  async timezoneOf(org_id: string): Promise<string> {
    const settings = await this.bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, {
      org_id,
    });
    return settings.timezone;
  }

  async orgSettings(org_id: string, account_id: string): Promise<OrgSettings> {
    return this.bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, {
      org_id,
      account_id,
    });
  }

  /** A contact of the account's address book (another account's is `not_found`). */
  contact(account_id: string, contact_id: string): Promise<ContactResource> {
    return this.bus.send(CONTACTS_COMMANDS.get_contact, { account_id, contact_id });
  }

  /**
   * The one account of the organization matching; `recipient_*` errors otherwise. Ids, emails and
   * aliases are unique; a verified phone may be shared, hence `recipient_ambiguous`.
   */
  async recipient(
    org_id: string,
    by: { account_id: string } | { email: string } | { phone: string },
  ): Promise<RecipientMatch> {
    const { matches } = await this.bus.send(IDENTITY_DIRECTORY_QUERIES.resolve_recipient, {
      org_id,
      ...by,
    });
    if (matches.length === 0) {
      throw new DomainError('recipient_not_found', 'no account of this organization matches');
    }
    if (matches.length > 1) {
      throw new DomainError('recipient_ambiguous', 'more than one account matches the recipient');
    }
    const match = matches[0]!;
    if (match.status !== 'active') {
      throw new DomainError('recipient_unavailable', 'the recipient account cannot receive funds');
    }
    return match;
  }
}
