import { DomainError } from '@platform/contracts';

/** A key or content type the storage refuses; callers passing user input get a 400. */
export class InvalidObjectKeyError extends DomainError {
  constructor(message: string) {
    super('invalid_request', message);
    this.name = 'InvalidObjectKeyError';
  }
}

/** The filesystem adapter keeps each object's content type beside it under this suffix. */
export const METADATA_SUFFIX = '.meta.json';

const MAX_KEY_LENGTH = 1024;
/** Leaves room for METADATA_SUFFIX within the 255-byte file name limit. */
const MAX_SEGMENT_LENGTH = 200;
/**
 * Portable on every filesystem and S3-safe without escaping. A segment never starts with '.',
 * which rules out '.', '..', hidden files and the adapter's own temporary files.
 */
const SEGMENT = /^[A-Za-z0-9_=+@,-][A-Za-z0-9._=+@,-]*$/;
const CONTENT_TYPE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

export function assertObjectKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0)
    throw new InvalidObjectKeyError('object key is empty');
  if (key.length > MAX_KEY_LENGTH) {
    throw new InvalidObjectKeyError(`object key is longer than ${MAX_KEY_LENGTH} characters`);
  }
  if (key.startsWith('/'))
    throw new InvalidObjectKeyError(`object key must be relative: ${JSON.stringify(key)}`);
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') {
      throw new InvalidObjectKeyError(
        `object key must not contain "${segment}": ${JSON.stringify(key)}`,
      );
    }
    if (!SEGMENT.test(segment) || segment.length > MAX_SEGMENT_LENGTH) {
      throw new InvalidObjectKeyError(
        `object key segment ${JSON.stringify(segment)} must be 1-${MAX_SEGMENT_LENGTH} characters of ` +
          'A-Z a-z 0-9 . _ = + @ , - and not start with "."',
      );
    }
  }
  if (key.endsWith(METADATA_SUFFIX)) {
    throw new InvalidObjectKeyError(`object keys ending in ${METADATA_SUFFIX} are reserved`);
  }
  return key;
}

export function assertContentType(content_type: string): string {
  if (typeof content_type !== 'string' || !CONTENT_TYPE.test(content_type)) {
    throw new InvalidObjectKeyError(`content type must be 1-255 printable ASCII characters`);
  }
  return content_type;
}
