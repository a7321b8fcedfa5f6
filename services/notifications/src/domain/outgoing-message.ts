import { DomainError, MESSAGE_CHANNELS } from '@platform/contracts';

export const CHANNELS = MESSAGE_CHANNELS;
export type Channel = (typeof CHANNELS)[number];

/** A message to a person, whatever carries it. */
export interface OutgoingMessage {
  message_id: string;
  channel: Channel;
  recipient: string;
  org_id: string | null;
  account_id: string | null;
  subject: string | null;
  body: string;
}

const MAX_BODY_CHARS = 10_000;

export function validateOutgoingMessage(message: OutgoingMessage): OutgoingMessage {
  if (!CHANNELS.includes(message.channel)) {
    throw new DomainError('invalid_channel', `channel must be one of ${CHANNELS.join(', ')}`);
  }
  if (message.recipient.trim() === '')
    throw new DomainError('invalid_request', 'recipient is required');
  if (message.body.length === 0 || message.body.length > MAX_BODY_CHARS) {
    throw new DomainError('invalid_request', `body must have 1 to ${MAX_BODY_CHARS} characters`);
  }
  return message;
}
