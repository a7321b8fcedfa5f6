import type { AccountState } from '../domain';
import type { AccountIndex } from './stream-index';

export interface CachedAccount {
  /** The stream version `state` was folded up to. */
  version: number;
  state: AccountState;
  /** Every operation and hold of the stream up to `version`, also those `state` no longer keeps. */
  index: AccountIndex;
}

/**
 * The last known state of recently used accounts, least recently used dropped first. Events are
 * immutable, so a cached state at version v stays true: a load only reads the events after v.
 */
export class AccountCache {
  private readonly entries = new Map<string, CachedAccount>();

  constructor(private readonly capacity: number) {}

  get(stream: string): CachedAccount | undefined {
    const entry = this.entries.get(stream);
    if (entry) {
      this.entries.delete(stream);
      this.entries.set(stream, entry);
    }
    return entry;
  }

  remember(stream: string, entry: CachedAccount): void {
    if (this.capacity <= 0) return;
    const known = this.entries.get(stream);
    // Concurrent loads may finish out of order; never go back to an older version.
    if (known && known.version > entry.version) return;
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
