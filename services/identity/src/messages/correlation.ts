import type { BusContext } from '@platform/messaging';

/** The correlation id a command travelled with: the events it causes carry it. */
export function correlationOf(context: BusContext): string | null {
  return context.getHeaders()['correlation-id'] ?? null;
}
