/** FNV-1a, cut to 30 bits so that V8 keeps every hash a small integer (no boxed number). */
export function operationHashOf(operation_id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < operation_id.length; index++) {
    hash ^= operation_id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x3fffffff;
}

/**
 * Where an account's operations are in its stream: per operation, a hash of its id and the stream
 * version of its event. The account's state keeps only its recent operations in full (about 2 kB
 * each); this keeps a few dozen bytes for every one, so that an older operation_id that comes
 * again is found without reading the stream. A version is only a candidate: two ids may share a
 * hash, and the caller reads the event to tell them apart.
 */
export class OperationIndex {
  private readonly versions = new Map<number, number | number[]>();

  constructor(private readonly hashOf: (operation_id: string) => number = operationHashOf) {}

  add(operation_id: string, stream_version: number): void {
    const hash = this.hashOf(operation_id);
    const known = this.versions.get(hash);
    if (known === undefined) this.versions.set(hash, stream_version);
    else if (typeof known === 'number') {
      if (known !== stream_version) this.versions.set(hash, [known, stream_version]);
    } else if (!known.includes(stream_version)) known.push(stream_version);
  }

  /** The stream versions whose event may be this operation's, oldest first; none when new. */
  candidates(operation_id: string): readonly number[] {
    const known = this.versions.get(this.hashOf(operation_id));
    if (known === undefined) return [];
    return typeof known === 'number' ? [known] : [...known].sort((a, b) => a - b);
  }
}
