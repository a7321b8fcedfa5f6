import { fnv1a32 } from '@platform/messaging';

/** A 30-bit hash, so that V8 keeps every one a small integer (no boxed number). */
export function idHashOf(id: string): number {
  return fnv1a32(id) & 0x3fffffff;
}

/**
 * Where ids are in one stream: per id, a hash of it and the stream versions of its events. A
 * version is only a candidate: two ids may share a hash, and the caller reads the event to tell
 * them apart. A few dozen bytes an entry, where what the event stands for in an account's state
 * is a kilobyte or two.
 */
export class StreamIndex {
  private readonly versions = new Map<number, number | number[]>();

  constructor(private readonly hashOf: (id: string) => number = idHashOf) {}

  add(id: string, stream_version: number): void {
    const hash = this.hashOf(id);
    const known = this.versions.get(hash);
    if (known === undefined) this.versions.set(hash, stream_version);
    else if (typeof known === 'number') {
      if (known !== stream_version) this.versions.set(hash, [known, stream_version]);
    } else if (!known.includes(stream_version)) known.push(stream_version);
  }

  /** The stream versions whose event may be this id's, oldest first; none when it is new. */
  candidates(id: string): readonly number[] {
    const known = this.versions.get(this.hashOf(id));
    if (known === undefined) return [];
    return typeof known === 'number' ? [known] : [...known].sort((a, b) => a - b);
  }
}

/** What an account's index keeps of a ledger event: its operation, and its hold if it has one. */
export interface IndexedEvent {
  operation_id: string;
  hold_id?: string;
}

/**
 * Every operation and hold of an account's stream, by the versions of their events: the account's
 * state keeps only its recent operations and ended holds, and this finds an older one that comes
 * again without reading the stream for every new one.
 */
export class AccountIndex {
  readonly operations = new StreamIndex();
  readonly holds = new StreamIndex();

  /** Indexes a ledger event stored at `stream_version`. */
  add(data: IndexedEvent, stream_version: number): void {
    this.operations.add(data.operation_id, stream_version);
    if (data.hold_id !== undefined) this.holds.add(data.hold_id, stream_version);
  }
}
