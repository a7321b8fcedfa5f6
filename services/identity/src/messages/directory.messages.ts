import { Controller } from '@nestjs/common';
import {
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  type GetOrgSettingsQuery,
  type ResolveRecipientQuery,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { DirectoryRepository } from '../infrastructure/directory.repository';
import { ChangesNothing } from './forget-reads.interceptor';

/**
 * What other services ask identity: an organization's settings (its timezone and locales), and
 * the accounts a transfer recipient names. Phones are not unique, so several matches are the
 * caller's `recipient_ambiguous`.
 */
@Controller()
export class DirectoryMessages {
  constructor(private readonly directory: DirectoryRepository) {}

  @Handles(IDENTITY_DIRECTORY_QUERIES.get_org_settings)
  @ChangesNothing()
  async orgSettings(query: GetOrgSettingsQuery) {
    const settings = await this.directory.orgSettings(query.org_id, query.account_id ?? null);
    if (!settings) throw new DomainError('not_found', 'organization not found');
    return settings;
  }

  @Handles(IDENTITY_DIRECTORY_QUERIES.resolve_recipient)
  @ChangesNothing()
  async resolveRecipient(query: ResolveRecipientQuery) {
    return { matches: await this.directory.recipients(query) };
  }
}
