import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  NOTIFICATIONS_COMMANDS,
  type ListOwnMailboxCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';

/** The newest messages of an account a member's view is cut from. */
export const MAILBOX_WINDOW = 1000;

interface MailboxMessage {
  recipient: string;
}

/**
 * `GET /v1/sandbox/mailbox` (decisions D3): an API key, which acts for the whole account, sees
 * every message the platform addressed on the account's behalf; a member sees those sent to its
 * own addresses (its sign-in email and a pending new email), within the account's newest
 * `MAILBOX_WINDOW` messages. Notifications owns the mailbox; identity knows the addresses.
 */
@Injectable()
export class SandboxMailboxService {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly bus: BusClient,
  ) {}

  async list(command: ListOwnMailboxCommand): Promise<{ messages: MailboxMessage[] }> {
    if (command.member_id === null)
      return this.bus.send(NOTIFICATIONS_COMMANDS.list_mailbox, {
        account_id: command.account_id,
        limit: command.limit,
        offset: command.offset,
      });
    const addresses = await this.addressesOf(command.account_id, command.member_id);
    const window = await this.bus.send<{ messages: MailboxMessage[] }>(
      NOTIFICATIONS_COMMANDS.list_mailbox,
      { account_id: command.account_id, limit: MAILBOX_WINDOW, offset: 0 },
    );
    const own = window.messages.filter((message) => addresses.has(message.recipient));
    return { messages: own.slice(command.offset, command.offset + command.limit) };
  }

  private async addressesOf(account_id: string, member_id: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ email: string; new_email: string | null }>(
      `select m.email, c.new_email from members m left join email_changes c on c.member_id = m.id
        where m.id = $1 and m.account_id = $2`,
      [member_id, account_id],
    );
    const member = rows[0];
    if (!member) throw new DomainError('unauthorized', 'a valid credential is required');
    return new Set([member.email, ...(member.new_email ? [member.new_email] : [])]);
  }
}
