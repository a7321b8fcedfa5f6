import type {
  MailboxMessage,
  SeedDemoPayinCommand,
  SeedDemoPayoutCommand,
  SendMessageCommand,
} from '@platform/contracts';

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

/**
 * What identity asks the payins, payouts and ledger services for a confirmed test account's
 * demo history. Each record is made once per account and index, however often it is asked for.
 */
export abstract class DemoHistoryPort {
  /** A credited demo payin; its id. */
  abstract seedPayin(record: SeedDemoPayinCommand): Promise<string>;
  /** A completed demo payout; its id. */
  abstract seedPayout(record: SeedDemoPayoutCommand): Promise<string>;
  /** Waits (a bounded while) until the account's movements show every one of `reference_ids`. */
  abstract awaitMovements(account_id: string, reference_ids: readonly string[]): Promise<void>;
}
