import type { Readable } from 'node:stream';

export interface PutObjectOptions {
  content_type: string;
}

export interface StoredObject {
  body: Buffer;
  content_type: string;
}

export interface StoredObjectStream {
  body: Readable;
  content_type: string;
  size_bytes: number | null;
}

export interface SignedUrlOptions {
  method: 'GET' | 'PUT';
  expires_in_s: number;
}

/**
 * Where services keep blobs (statements, exports, documents). Keys are relative paths such
 * as `org_1/statements/2024-05.pdf`; see `assertObjectKey` for the rules. Objects are written
 * whole: a reader sees the old object or the new one, never a part.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<void>;
  /** `null` when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  getStream(key: string): Promise<StoredObjectStream | null>;
  /** Removing a missing key is not an error, as on S3. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Only adapters that can hand out direct links implement it. */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
