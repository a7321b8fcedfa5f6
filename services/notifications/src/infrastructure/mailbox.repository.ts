import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { MailboxMessage } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';
import type { MessageSender } from '../application/message-sender.port';
import type { Channel, OutgoingMessage } from '../domain/outgoing-message';

interface MailboxRow {
  message_id: string;
  channel: Channel;
  recipient: string;
  org_id: string | null;
  account_id: string | null;
  subject: string | null;
  body: string;
  created_at: Date;
}

/** The default sender: keeps every message in the platform's mailbox table. */
@Injectable()
export class MailboxRepository implements MessageSender {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.pool.query(
      `insert into mailbox (message_id, channel, recipient, org_id, account_id, subject, body)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (message_id) do nothing`,
      [
        message.message_id,
        message.channel,
        message.recipient,
        message.org_id,
        message.account_id,
        message.subject,
        message.body,
      ],
    );
  }

  async list(filter: {
    account_id?: string | null;
    limit: number;
    offset: number;
  }): Promise<MailboxMessage[]> {
    const { rows } = await this.pool.query<MailboxRow>(
      `select * from mailbox where ($1::text is null or account_id = $1)
       order by created_at desc, message_id limit $2 offset $3`,
      [filter.account_id ?? null, filter.limit, filter.offset],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
