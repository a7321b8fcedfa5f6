import { Injectable } from '@nestjs/common';
import { DomainError, type ListOwnMailboxCommand, type MailboxMessage } from '@platform/contracts';
import { MembersRepository } from '../infrastructure/members.repository';
import { NotificationsPort } from './ports';

/** The newest messages of an account a member's view is cut from. */
export const MAILBOX_WINDOW = 1000;

/**
 * `GET /v1/sandbox/mailbox` (decisions D3): an API key, which acts for the whole account, sees
 * every message the platform addressed on the account's behalf; a member sees those sent to its
 * own addresses (its sign-in email and a pending new email), within the account's newest
 * `MAILBOX_WINDOW` messages. Notifications owns the mailbox; identity knows the addresses.
 */
@Injectable()
export class SandboxMailboxService {
  constructor(
    private readonly members: MembersRepository,
    private readonly notifications: NotificationsPort,
  ) {}

  async list(command: ListOwnMailboxCommand): Promise<{ messages: MailboxMessage[] }> {
    const { account_id, member_id, limit, offset } = command;
    if (member_id === null)
      return { messages: await this.notifications.mailbox(account_id, { limit, offset }) };
    const addresses = await this.members.addressesOf(account_id, member_id);
    if (!addresses) throw new DomainError('unauthorized', 'a valid credential is required');
    const window = await this.notifications.mailbox(account_id, {
      limit: MAILBOX_WINDOW,
      offset: 0,
    });
    const own = window.filter((message) => addresses.includes(message.recipient));
    return { messages: own.slice(offset, offset + limit) };
  }
}
