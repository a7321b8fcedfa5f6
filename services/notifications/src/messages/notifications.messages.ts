import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  HEALTH_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  type ListMailboxCommand,
  type MailboxMessage,
  type SendMessageCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { MESSAGE_SENDER, type MessageSender } from '../application/message-sender.port';
import { validateOutgoingMessage } from '../domain/outgoing-message';
import { DomainEventsConsumer } from '../infrastructure/domain-events.consumer';
import { MailboxRepository } from '../infrastructure/mailbox.repository';

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

  // The producers of public events (events contract): projected by the consumer.
  @EventPattern('events.ledger')
  async ledgerEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  @EventPattern('events.payouts')
  async payoutsEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  @EventPattern('events.payins')
  async payinsEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  @EventPattern('events.compliance')
  async complianceEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  // crypto withdrawals (issue 15): the crypto-wallets service's public events
  @EventPattern('events.crypto-wallets')
  async cryptoWalletsEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  // credit scoring (issue 16): the risk-scoring service's public events
  @EventPattern('events.risk-scoring')
  async riskScoringEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  // cards (issue 17): the cards service's public events
  @EventPattern('events.cards')
  async cardsEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  // banking (issue 17): the banking service's public events
  @EventPattern('events.banking')
  async bankingEvent(@Payload() payload: unknown): Promise<void> {
    await this.domain_events.take(payload);
  }

  @Handles(HEALTH_COMMANDS.notifications)
  health() {
    return { service: 'notifications', status: 'ok' as const };
  }

  @Handles(NOTIFICATIONS_COMMANDS.send_message)
  async sendMessage(request: SendMessageCommand) {
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

  @Handles(NOTIFICATIONS_COMMANDS.list_mailbox)
  async listMailbox(request: ListMailboxCommand): Promise<{ messages: MailboxMessage[] }> {
    return { messages: await this.mailbox.list(request) };
  }
}
