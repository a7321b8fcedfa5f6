import type { MailboxMessage, SendMessageCommand } from '@platform/contracts';

/**
 * What identity asks the notifications service (over the bus). Abstract classes rather than
 * interfaces: Nest injects by them, so application code names the port, never the bus.
 */
export abstract class NotificationsPort {
  /** One message to a person through the notifications sender (decisions D3). */
  abstract send(message: SendMessageCommand): Promise<void>;
  /** The sandbox messages kept for an account, newest first (decisions D3). */
  abstract mailbox(
    account_id: string,
    page: { limit: number; offset: number },
  ): Promise<MailboxMessage[]>;
}

/** What identity asks the ledger (over the bus). */
export abstract class LedgerPort {
  /** D5: a confirmed test account gets its demo history; idempotent per account. */
  abstract seedDemoHistory(account_id: string): Promise<void>;
}
