import { createHash } from 'node:crypto';

/**
 * The letter key of a message that is no event envelope: its `event_id` when it has a usable
 * one, else a digest of its body, so that two different poison messages keep two letters.
 */
export function unparsedLetterKey(raw: unknown): string {
  const event_id = (raw as { event_id?: unknown } | null)?.event_id;
  if (typeof event_id === 'string' && event_id.length > 0 && event_id.length <= 200)
    return event_id;
  const digest = createHash('sha256')
    .update(JSON.stringify(raw) ?? String(raw))
    .digest('hex');
  return `unparsed:${digest.slice(0, 32)}`;
}
