import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { DomainError } from '@platform/contracts';
import { MESSAGE_SENDER, type MessageSender } from '../application/message-sender.port';
import { CHANNELS, validateOutgoingMessage } from '../domain/outgoing-message';
import { DomainEventsConsumer } from '../infrastructure/domain-events.consumer';
import { MailboxRepository, type MailboxEntry } from '../infrastructure/mailbox.repository';

const sendMessageSchema = z
  .object({
    message_id: z.string().uuid().optional(),
    channel: z.enum(CHANNELS),
    recipient: z.string().min(1),
    org_id: z.string().nullable().optional(),
    account_id: z.string().nullable().optional(),
    subject: z.string().nullable().optional(),
    body: z.string(),
  })
  .strict();

const listMailboxSchema = z
  .object({
    account_id: z.string().nullable().optional(),
    limit: z.number().int().min(1).max(1000).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict();

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new DomainError('invalid_request', result.error.issues[0]?.message ?? 'invalid request');
  return result.data;
}

/** The notifications service's door: messages to people and the mailbox. */
@Controller()
export class NotificationsMessages {
  constructor(
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    private readonly mailbox: MailboxRepository,
    private readonly domain_events: DomainEventsConsumer,
  ) {}

  @EventPattern('events.identity')
  async identityEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  @MessagePattern('notifications.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'notifications', status: 'ok' };
  }

  @MessagePattern('notifications.send_message')
  async sendMessage(@Payload() payload: unknown): Promise<{ message_id: string }> {
    const request = parse(sendMessageSchema, payload);
    const message = validateOutgoingMessage({
      message_id: request.message_id ?? randomUUID(),
      channel: request.channel,
      recipient: request.recipient,
      org_id: request.org_id ?? null,
      account_id: request.account_id ?? null,
      subject: request.subject ?? null,
      body: request.body,
    });
    await this.sender.send(message);
    return { message_id: message.message_id };
  }

  @MessagePattern('notifications.list_mailbox')
  async listMailbox(@Payload() payload: unknown): Promise<{ messages: MailboxEntry[] }> {
    const request = parse(listMailboxSchema, payload ?? {});
    return { messages: await this.mailbox.list(request) };
  }
}
