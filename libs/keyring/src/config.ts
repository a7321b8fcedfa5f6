import { scryptSync } from 'node:crypto';
import { decodeBase64Strict } from './encoding';
import { KeyringConfigError } from './errors';

export const KEY_LENGTH_BYTES = 32;
export const DEV_KEY_ID = 'dev';

/** Key ids appear inside ciphertexts, so they must not contain the `.` separator. */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** A fixed salt: the dev key must be the same on every run so dev data stays readable. */
const DEV_KEY_SALT = 'platform-keyring-dev-key-v1';
const DEV_PASSPHRASE_MIN_LENGTH = 8;

export interface KeyringKey {
  id: string;
  key: Buffer;
}

export interface KeyringSettings {
  /** `KEYRING_KEYS`: `id:base64key,id:base64key`; the first one encrypts, all of them decrypt. */
  keys?: string;
  /** `KEYRING_DEV_PASSPHRASE`: derives one deterministic key, for development only. */
  dev_passphrase?: string;
}

/** The keyring's settings from the environment its caller (an entry point) reads. */
export function keyringSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): KeyringSettings {
  return { keys: env.KEYRING_KEYS, dev_passphrase: env.KEYRING_DEV_PASSPHRASE };
}

/** Validated keys, active key first. Throws KeyringConfigError with the reason. */
export function resolveKeys(settings: KeyringSettings): KeyringKey[] {
  const keys_text = settings.keys?.trim() ?? '';
  const passphrase = settings.dev_passphrase ?? '';
  if (keys_text !== '' && passphrase !== '') {
    throw new KeyringConfigError(
      'KEYRING_KEYS and KEYRING_DEV_PASSPHRASE are both set; set KEYRING_KEYS alone outside development',
    );
  }
  if (keys_text !== '') return parseKeyList(keys_text);
  if (passphrase !== '') return [deriveDevKey(passphrase)];
  throw new KeyringConfigError(
    'no keyring key configured: set KEYRING_KEYS (id:base64key,...) or, in development only, KEYRING_DEV_PASSPHRASE',
  );
}

export function parseKeyList(text: string): KeyringKey[] {
  const keys = text.split(',').map((entry, index) => parseKeyEntry(entry.trim(), index));
  const seen = new Set<string>();
  for (const { id } of keys) {
    if (seen.has(id))
      throw new KeyringConfigError(`KEYRING_KEYS: key id "${id}" appears more than once`);
    seen.add(id);
  }
  return keys;
}

function parseKeyEntry(entry: string, index: number): KeyringKey {
  const separator = entry.indexOf(':');
  if (separator < 0) {
    throw new KeyringConfigError(`KEYRING_KEYS entry ${index + 1} is not "id:base64key"`);
  }
  const id = entry.slice(0, separator);
  if (!KEY_ID.test(id)) {
    throw new KeyringConfigError(
      `KEYRING_KEYS entry ${index + 1}: key id must be 1-32 characters of A-Z a-z 0-9 _ -`,
    );
  }
  const key = decodeBase64Strict(entry.slice(separator + 1));
  if (!key) throw new KeyringConfigError(`KEYRING_KEYS key "${id}" is not valid base64`);
  if (key.length !== KEY_LENGTH_BYTES) {
    throw new KeyringConfigError(
      `KEYRING_KEYS key "${id}" is ${key.length} bytes; AES-256 needs exactly ${KEY_LENGTH_BYTES}`,
    );
  }
  return { id, key };
}

export function deriveDevKey(passphrase: string): KeyringKey {
  if (passphrase.length < DEV_PASSPHRASE_MIN_LENGTH) {
    throw new KeyringConfigError(
      `KEYRING_DEV_PASSPHRASE must be at least ${DEV_PASSPHRASE_MIN_LENGTH} characters`,
    );
  }
  return { id: DEV_KEY_ID, key: scryptSync(passphrase, DEV_KEY_SALT, KEY_LENGTH_BYTES) };
}
