import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import * as replies from './notifications-replies';
import { MESSAGE_CHANNELS } from './notifications-replies';

/** `notifications.send_message`: one message to a person through the sender port (D3). */
export const sendMessageCommand = z
  .object({
    message_id: z.string().uuid().optional(),
    channel: z.enum(MESSAGE_CHANNELS),
    recipient: z.string().min(1),
    org_id: z.string().nullable().optional(),
    account_id: z.string().nullable().optional(),
    subject: z.string().nullable().optional(),
    body: z.string(),
  })
  .strict();
export type SendMessageCommand = z.infer<typeof sendMessageCommand>;

/** `notifications.list_mailbox`: newest first, optionally one account's (D3). */
export const listMailboxCommand = z
  .object({
    account_id: z.string().nullable().optional(),
    limit: z.number().int().min(1).max(1000).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type ListMailboxCommand = z.infer<typeof listMailboxCommand>;

/** Messages to people and the mailbox the platform keeps of them (decisions D3). */
export const NOTIFICATIONS_COMMANDS = {
  send_message: defineCommand({
    name: 'notifications.send_message',
    summary: 'one message to a person through the configured sender',
    request: sendMessageCommand,
    reply: replies.sentMessageReply,
    invalid_code: 'invalid_channel',
  }),
  list_mailbox: defineCommand({
    name: 'notifications.list_mailbox',
    summary: 'the messages kept instead of sent, newest first, optionally of one account',
    request: listMailboxCommand,
    reply: replies.mailboxReply,
  }),
} as const;
