import type { PublicEvent } from '@platform/contracts';

/** Server-Sent Events frames of decisions D7. */
export function eventFrame(event: PublicEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The snapshot frame carries no id: it cannot be resumed from. */
export function snapshotFrame(snapshot: unknown): string {
  return `event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`;
}

export function commentFrame(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}
