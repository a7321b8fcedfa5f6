import { z } from 'zod';

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;

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

export const NOTIFICATIONS_COMMANDS = {
  send_message: 'notifications.send_message',
  list_mailbox: 'notifications.list_mailbox',
} as const;
