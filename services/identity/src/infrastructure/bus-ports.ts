import { Injectable } from '@nestjs/common';
import {
  LEDGER_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  type MailboxMessage,
  type SendMessageCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { LedgerPort, NotificationsPort } from '../application/ports';

@Injectable()
export class BusNotificationsPort implements NotificationsPort {
  constructor(private readonly bus: BusClient) {}

  async send(message: SendMessageCommand): Promise<void> {
    await this.bus.send(NOTIFICATIONS_COMMANDS.send_message, message);
  }

  async mailbox(
    account_id: string,
    page: { limit: number; offset: number },
  ): Promise<MailboxMessage[]> {
    const reply = await this.bus.send(NOTIFICATIONS_COMMANDS.list_mailbox, {
      account_id,
      ...page,
    });
    return reply.messages;
  }
}

@Injectable()
export class BusLedgerPort implements LedgerPort {
  constructor(private readonly bus: BusClient) {}

  async seedDemoHistory(account_id: string): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.seed_demo_history, { account_id });
  }
}
