import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type KeyringKey, type KeyringSettings, resolveKeys } from './config';
import { decodeBase64UrlStrict } from './encoding';
import { DecryptionError } from './errors';

const FORMAT_VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_LENGTH_BYTES = 12;
const TAG_LENGTH_BYTES = 16;

/** Associated data: authenticated but not encrypted, e.g. the id of the record owning the secret. */
export type AssociatedData = string | Buffer;

export interface CiphertextParts {
  version: typeof FORMAT_VERSION;
  key_id: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/**
 * Encrypts secrets at rest with AES-256-GCM. Ciphertexts name the key that sealed them,
 * `v1.<key_id>.<iv>.<tag>.<ciphertext>` (base64url), so keys can rotate: add a new active key
 * in front, keep the old ones until `needsRotation` finds nothing left under them.
 */
export class Keyring {
  private readonly keys_by_id: ReadonlyMap<string, Buffer>;
  readonly active_key_id: string;

  constructor(keys: readonly KeyringKey[]) {
    const [active] = keys;
    if (!active) throw new Error('a keyring needs at least one key');
    this.active_key_id = active.id;
    this.keys_by_id = new Map(keys.map(({ id, key }) => [id, Buffer.from(key)]));
  }

  get key_ids(): string[] {
    return [...this.keys_by_id.keys()];
  }

  encrypt(plaintext: string | Buffer, associated_data?: AssociatedData): string {
    const iv = randomBytes(IV_LENGTH_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keyFor(this.active_key_id), iv, {
      authTagLength: TAG_LENGTH_BYTES,
    });
    cipher.setAAD(boundAssociatedData(this.active_key_id, associated_data));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return [
      FORMAT_VERSION,
      this.active_key_id,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt(sealed: string, associated_data?: AssociatedData): Buffer {
    const parts = parseCiphertext(sealed);
    const decipher = createDecipheriv(ALGORITHM, this.keyFor(parts.key_id), parts.iv, {
      authTagLength: TAG_LENGTH_BYTES,
    });
    decipher.setAAD(boundAssociatedData(parts.key_id, associated_data));
    decipher.setAuthTag(parts.tag);
    try {
      return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
    } catch {
      throw new DecryptionError(
        'authentication_failed',
        `ciphertext under key "${parts.key_id}" failed authentication (tampered, or wrong associated data)`,
      );
    }
  }

  decryptString(sealed: string, associated_data?: AssociatedData): string {
    return this.decrypt(sealed, associated_data).toString('utf8');
  }

  /** True when the value was sealed by a key other than the active one. */
  needsRotation(sealed: string): boolean {
    return parseCiphertext(sealed).key_id !== this.active_key_id;
  }

  /** Re-encrypts under the active key; the associated data must be the one it was sealed with. */
  rotate(sealed: string, associated_data?: AssociatedData): string {
    return this.encrypt(this.decrypt(sealed, associated_data), associated_data);
  }

  private keyFor(key_id: string): Buffer {
    const key = this.keys_by_id.get(key_id);
    if (!key) {
      throw new DecryptionError(
        'unknown_key',
        `no key "${key_id}" in the keyring (known: ${this.key_ids.join(', ')})`,
      );
    }
    return key;
  }
}

/** Builds the keyring from settings (KEYRING_KEYS / KEYRING_DEV_PASSPHRASE: `keyringSettingsFromEnv`). */
export function createKeyring(settings: KeyringSettings): Keyring {
  return new Keyring(resolveKeys(settings));
}

export function parseCiphertext(sealed: string): CiphertextParts {
  const fields = sealed.split('.');
  if (fields.length !== 5 || fields[0] !== FORMAT_VERSION) {
    throw new DecryptionError('malformed', `not a ${FORMAT_VERSION} keyring ciphertext`);
  }
  const [, key_id = '', iv_text = '', tag_text = '', body_text = ''] = fields;
  const iv = decodeBase64UrlStrict(iv_text);
  const tag = decodeBase64UrlStrict(tag_text);
  // An empty plaintext seals to an empty body, which is the one empty field allowed.
  const ciphertext = body_text === '' ? Buffer.alloc(0) : decodeBase64UrlStrict(body_text);
  if (
    key_id === '' ||
    iv?.length !== IV_LENGTH_BYTES ||
    tag?.length !== TAG_LENGTH_BYTES ||
    !ciphertext
  ) {
    throw new DecryptionError('malformed', `malformed ${FORMAT_VERSION} keyring ciphertext`);
  }
  return { version: FORMAT_VERSION, key_id, iv, tag, ciphertext };
}

/**
 * The format version and key id are authenticated along with the caller's associated data,
 * so a ciphertext cannot be relabelled. Key ids never contain '.', so the join is unambiguous.
 */
function boundAssociatedData(key_id: string, associated_data: AssociatedData | undefined): Buffer {
  const header = Buffer.from(`${FORMAT_VERSION}.${key_id}.`, 'utf8');
  const caller = associated_data === undefined ? Buffer.alloc(0) : Buffer.from(associated_data);
  return Buffer.concat([header, caller]);
}
