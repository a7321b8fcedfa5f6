/** A stream's head: the version and hash of its last event (0 and the genesis hash when empty). */
export interface StreamHead {
  version: number;
  last_hash: string;
}

/**
 * The heads this process last saw, newest kept, oldest dropped past the capacity. Only a hint:
 * an append hashes against the cached head and writes only if the stored head still has that
 * version and hash, so a stale or never-committed entry costs one statement, never a broken chain.
 */
export class StreamHeadCache {
  private readonly heads = new Map<string, StreamHead>();

  constructor(private readonly capacity: number) {}

  get(stream: string): StreamHead | undefined {
    const head = this.heads.get(stream);
    if (head) {
      // Re-inserting moves the entry to the young end of the Map's insertion order.
      this.heads.delete(stream);
      this.heads.set(stream, head);
    }
    return head ? { ...head } : undefined;
  }

  remember(stream: string, head: StreamHead): void {
    if (this.capacity <= 0) return;
    this.heads.delete(stream);
    this.heads.set(stream, { ...head });
    if (this.heads.size > this.capacity) {
      const oldest = this.heads.keys().next();
      if (!oldest.done) this.heads.delete(oldest.value);
    }
  }

  forget(stream: string): void {
    this.heads.delete(stream);
  }
}
