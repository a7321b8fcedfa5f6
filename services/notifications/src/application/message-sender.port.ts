import type { OutgoingMessage } from '../domain/outgoing-message';

/** The one door every message to a person goes through (decisions D3). */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export const MESSAGE_SENDER = Symbol('MESSAGE_SENDER');
