import { randomUUID } from 'node:crypto';
import { DomainError, TRANSFER_KEY } from '@platform/contracts';
import {
  DEFAULT_CONTENT_TYPE,
  type ObjectStorage,
  type StoredObjectStream,
} from './object-storage';

/**
 * The claim check: file bytes never ride on the bus (a Kafka broker refuses a message over
 * ~1 MB). Whoever holds the bytes writes them here under a fresh key and sends the key; the
 * receiver reads them back by key. Every process of a deployment opens the same store; keys
 * live under `transfers/<environment>/`, so the sandbox and live never see each other's.
 */
export class TransferArea {
  readonly prefix: string;

  constructor(
    private readonly storage: ObjectStorage,
    readonly environment: string,
  ) {
    if (!/^[a-z]{1,20}$/.test(environment)) throw new Error(`bad environment ${environment}`);
    this.prefix = `transfers/${environment}/`;
  }

  /** Whether `key` is one of this environment's: `transfers/<environment>/<uuid>`, nothing else. */
  owns(key: unknown): key is string {
    return typeof key === 'string' && TRANSFER_KEY.test(key) && key.startsWith(this.prefix);
  }

  /** Writes the bytes (a buffer or a stream) under a fresh key, and answers the key. */
  async put(
    body: Parameters<ObjectStorage['put']>[1],
    content_type: string = DEFAULT_CONTENT_TYPE,
  ): Promise<string> {
    const key = `${this.prefix}${randomUUID()}`;
    await available(this.storage.put(key, body, { content_type }));
    return key;
  }

  /** The bytes under a key; a key outside the area is `invalid_request`, a missing object null. */
  async read(key: string): Promise<Buffer | null> {
    const stored = await available(this.storage.get(this.checked(key)));
    return stored ? stored.body : null;
  }

  /** The bytes a sender staged: `invalid_request` when the key is foreign or the object gone. */
  async take(key: string): Promise<Buffer> {
    const bytes = await this.read(key);
    if (!bytes)
      throw new DomainError('invalid_request', 'the uploaded file is no longer available');
    return bytes;
  }

  async stream(key: string): Promise<StoredObjectStream | null> {
    return available(this.storage.getStream(this.checked(key)));
  }

  /** Removing a missing object is not an error; failures are swallowed (a leftover is harmless). */
  async delete(key: string): Promise<void> {
    if (!this.owns(key)) return;
    await this.storage.delete(key).catch(() => undefined);
  }

  private checked(key: string): string {
    if (!this.owns(key)) throw new DomainError('invalid_request', 'unknown file reference');
    return key;
  }
}

/**
 * A store that fails (a full disk, an unreachable bucket) is the spec's retryable 503
 * `storage_unavailable`, never a 500 naming the store.
 */
async function available<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('storage_unavailable', 'file storage is unavailable; retry later');
  }
}
