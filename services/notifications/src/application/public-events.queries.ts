import { Injectable } from '@nestjs/common';
import {
  DomainError,
  isPublicEventType,
  type PositionedPublicEvent,
  type PublicEvent,
  type PublicEventType,
} from '@platform/contracts';
import {
  PublicEventsRepository,
  type EventScope,
} from '../infrastructure/public-events.repository';

/** `?types=` values: each a public event name (decisions D7), else `invalid_event_type`. */
export function parseEventTypes(types: string[] | undefined): PublicEventType[] | null {
  if (!types || types.length === 0) return null;
  return types.map((type) => {
    if (!isPublicEventType(type)) {
      throw new DomainError('invalid_event_type', `unknown event type ${JSON.stringify(type)}`);
    }
    return type;
  });
}

function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The history listing and the stream's replay. */
@Injectable()
export class PublicEventsQueries {
  constructor(private readonly events: PublicEventsRepository) {}

  async list(request: {
    scope: EventScope;
    types?: string[];
    from?: string;
    to?: string;
    timezone: string;
    limit: number;
    offset: number;
  }): Promise<PublicEvent[]> {
    const rows = await this.events.list({
      scope: request.scope,
      types: parseEventTypes(request.types),
      from: request.from ?? null,
      to: request.to ?? null,
      timezone: isTimezone(request.timezone) ? request.timezone : 'America/New_York',
      limit: request.limit,
      offset: request.offset,
    });
    return rows.map((row) => row.event);
  }

  /**
   * Events after the one named (by id, or by position for a further page), oldest first.
   * `found: false` when the id is not (or no longer) in the store: nothing is replayed.
   */
  async replay(request: {
    scope: EventScope;
    after_event_id?: string;
    after_position?: string;
    types?: string[];
    limit: number;
  }): Promise<{ found: boolean; events: PositionedPublicEvent[] }> {
    const types = parseEventTypes(request.types);
    const after_position =
      request.after_position ??
      (request.after_event_id
        ? await this.events.positionOf(request.scope, request.after_event_id)
        : null);
    if (after_position === null) return { found: false, events: [] };
    const events = await this.events.after({
      scope: request.scope,
      after_position,
      types,
      limit: request.limit,
    });
    return { found: true, events };
  }
}
