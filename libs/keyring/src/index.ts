export {
  KEY_LENGTH_BYTES,
  DEV_KEY_ID,
  deriveDevKey,
  keyringSettingsFromEnv,
  parseKeyList,
  resolveKeys,
} from './config';
export type { KeyringKey, KeyringSettings } from './config';
export { DecryptionError, KeyringConfigError } from './errors';
export type { DecryptionFailure } from './errors';
export { Keyring, createKeyring, parseCiphertext } from './keyring';
export type { AssociatedData, CiphertextParts } from './keyring';
