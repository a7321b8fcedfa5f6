import type { PositionedPublicEvent, PublicEventType } from '@platform/contracts';
import { commentFrame, eventFrame, snapshotFrame } from './sse-frames';

/** Where a session writes; false from write() means the client is not keeping up. */
export interface StreamSink {
  write(text: string): boolean;
  /** Bytes waiting to be sent. */
  readonly pending_bytes: number;
  end(): void;
}

/** A client this far behind is dropped; it reconnects with Last-Event-ID and loses nothing. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * One stream. Live events that arrive while history is replayed are held back, then sent
 * only if past the last position sent, so the switch from replay to live has no gap and no
 * duplicate. Positions increase, in commit order, with each event of one account and of one
 * organization (the projection's lock), so either scope de-duplicates by position.
 */
export class EventStreamSession {
  private last_position: bigint | null = null;
  private held: PositionedPublicEvent[] | null = [];
  private closed = false;

  constructor(
    private readonly sink: StreamSink,
    private readonly types: ReadonlySet<PublicEventType> | null,
  ) {}

  connected(): void {
    this.write(commentFrame('connected'));
  }

  snapshot(balances: unknown): void {
    this.write(snapshotFrame(balances));
  }

  heartbeat(): void {
    this.write(commentFrame('heartbeat'));
  }

  /** From the live feed, at any time after the session exists. */
  live(event: PositionedPublicEvent): void {
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  /** From the store, oldest first, before goLive(). */
  replayed(event: PositionedPublicEvent): void {
    this.send(event);
  }

  /** Replay is over: what was held back goes out (de-duplicated), then events flow directly. */
  goLive(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.send(event);
  }

  get lastPosition(): string | null {
    return this.last_position === null ? null : this.last_position.toString();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.end();
  }

  private send(event: PositionedPublicEvent): void {
    if (this.types && !this.types.has(event.event.type)) return;
    const position = BigInt(event.position);
    if (this.last_position !== null && position <= this.last_position) return;
    this.last_position = position;
    this.write(eventFrame(event.event));
  }

  private write(text: string): void {
    if (this.closed) return;
    this.sink.write(text);
    if (this.sink.pending_bytes > MAX_PENDING_BYTES) this.close();
  }
}
