/** The keyring's configuration is unusable; raised at construction so a bad deploy fails at boot. */
export class KeyringConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyringConfigError';
  }
}

export type DecryptionFailure = 'malformed' | 'unknown_key' | 'authentication_failed';

/**
 * A ciphertext could not be opened. The message never carries key material or plaintext;
 * `reason` tells a corrupt value from a missing key (an operator removed a key too early).
 */
export class DecryptionError extends Error {
  constructor(
    readonly reason: DecryptionFailure,
    message: string,
  ) {
    super(message);
    this.name = 'DecryptionError';
  }
}
