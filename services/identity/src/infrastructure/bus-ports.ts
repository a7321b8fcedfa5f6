import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import {
  LEDGER_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  PAYINS_COMMANDS,
  PAYOUTS_COMMANDS,
  type MailboxMessage,
  type SeedDemoPayinCommand,
  type SeedDemoPayoutCommand,
  type SendMessageCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { DemoHistoryPort, NotificationsPort } from '../application/ports';

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

/** How long confirm waits for the ledger's movements to show the demo history. */
const DEMO_MOVEMENTS_WAIT_MS = 10_000;
const DEMO_MOVEMENTS_POLL_MS = 20;

@Injectable()
export class BusDemoHistoryPort implements DemoHistoryPort {
  constructor(private readonly bus: BusClient) {}

  async seedPayin(record: SeedDemoPayinCommand): Promise<string> {
    return (await this.bus.send(PAYINS_COMMANDS.seed_demo_payin, record)).payin_id;
  }

  async seedPayout(record: SeedDemoPayoutCommand): Promise<string> {
    return (await this.bus.send(PAYOUTS_COMMANDS.seed_demo_payout, record)).payout_id;
  }

  /** Movements, balance history and statements read the ledger's projection: it shows them. */
  async awaitMovements(account_id: string, reference_ids: readonly string[]): Promise<void> {
    const deadline_ms = Date.now() + DEMO_MOVEMENTS_WAIT_MS;
    while (Date.now() < deadline_ms) {
      const { movements } = await this.bus.send(LEDGER_COMMANDS.list_movements, {
        account_id,
        page: 1,
        page_size: 100,
      });
      const shown = new Set(movements.map((movement) => movement.reference_id));
      if (reference_ids.every((reference_id) => shown.has(reference_id))) return;
      await sleep(DEMO_MOVEMENTS_POLL_MS);
    }
  }
}
