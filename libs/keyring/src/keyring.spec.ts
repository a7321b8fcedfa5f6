import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  DecryptionError,
  Keyring,
  KeyringConfigError,
  createKeyring,
  parseCiphertext,
} from './index';

const key = (): string => randomBytes(32).toString('base64');
const K1 = key();
const K2 = key();

function keyring(keys: string): Keyring {
  return createKeyring({ keys });
}

function expectDecryptionError(run: () => unknown, reason: DecryptionError['reason']): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DecryptionError);
  expect((caught as DecryptionError).reason).toBe(reason);
}

describe('Keyring', () => {
  it('round-trips a secret and never repeats a ciphertext', () => {
    const ring = keyring(`k1:${K1}`);
    const first = ring.encrypt('sk_live_secret');
    const second = ring.encrypt('sk_live_secret');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(ring.decryptString(first)).toBe('sk_live_secret');
    expect(ring.decryptString(second)).toBe('sk_live_secret');
  });

  it('round-trips empty and binary plaintexts', () => {
    const ring = keyring(`k1:${K1}`);
    expect(ring.decrypt(ring.encrypt('')).length).toBe(0);
    const binary = randomBytes(300);
    expect(ring.decrypt(ring.encrypt(binary)).equals(binary)).toBe(true);
  });

  it('detects any character of the ciphertext changed', () => {
    const ring = keyring(`k1:${K1}`);
    const sealed = ring.encrypt('payout webhook secret', 'rec_1');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let index = 0; index < sealed.length; index += 1) {
      const original = sealed.charAt(index);
      for (const replacement of [
        alphabet[(alphabet.indexOf(original) + 1) % alphabet.length],
        '=',
      ]) {
        const tampered = sealed.slice(0, index) + replacement + sealed.slice(index + 1);
        expect(() => ring.decrypt(tampered, 'rec_1')).toThrow(DecryptionError);
      }
    }
  });

  it('detects any bit flipped in the iv, tag or ciphertext bytes', () => {
    const ring = keyring(`k1:${K1}`);
    const sealed = ring.encrypt('0123456789abcdef');
    const parts = parseCiphertext(sealed);
    for (const field of ['iv', 'tag', 'ciphertext'] as const) {
      for (let bit = 0; bit < parts[field].length * 8; bit += 1) {
        const bytes = Buffer.from(parts[field]);
        bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        const fields = { ...parts, [field]: bytes };
        const tampered = ['v1', fields.key_id, fields.iv, fields.tag, fields.ciphertext]
          .map((value) => (typeof value === 'string' ? value : value.toString('base64url')))
          .join('.');
        expectDecryptionError(() => ring.decrypt(tampered), 'authentication_failed');
      }
    }
  });

  it('rejects a truncated or reassembled ciphertext', () => {
    const ring = keyring(`k1:${K1}`);
    const sealed = ring.encrypt('secret');
    expect(() => ring.decrypt(sealed.slice(0, -1))).toThrow(DecryptionError);
    expect(() => ring.decrypt(sealed.slice(0, -4))).toThrow(DecryptionError);
    expectDecryptionError(() => ring.decrypt(sealed.split('.').slice(0, 4).join('.')), 'malformed');
    expectDecryptionError(() => ring.decrypt('v2' + sealed.slice(2)), 'malformed');
    expectDecryptionError(() => ring.decrypt('not a ciphertext'), 'malformed');
  });

  it('binds associated data: the wrong record id or a missing one fails', () => {
    const ring = keyring(`k1:${K1}`);
    const sealed = ring.encrypt('secret', 'acct_1');
    expect(ring.decryptString(sealed, 'acct_1')).toBe('secret');
    expectDecryptionError(() => ring.decrypt(sealed, 'acct_2'), 'authentication_failed');
    expectDecryptionError(() => ring.decrypt(sealed), 'authentication_failed');
    expectDecryptionError(
      () => ring.decrypt(ring.encrypt('secret'), 'acct_1'),
      'authentication_failed',
    );
  });

  it('cannot relabel a ciphertext with another key id even when both keys are known', () => {
    const ring = keyring(`k2:${K2},k1:${K1}`);
    const sealed = ring.encrypt('secret');
    const relabelled = sealed.replace(/^v1\.k2\./, 'v1.k1.');
    expectDecryptionError(() => ring.decrypt(relabelled), 'authentication_failed');
  });

  it('rotates: old ciphertexts still open after a new active key is added, and rotate moves them', () => {
    const old_ring = keyring(`k1:${K1}`);
    const old_sealed = old_ring.encrypt('secret', 'rec_9');
    const ring = keyring(`k2:${K2},k1:${K1}`);
    expect(ring.active_key_id).toBe('k2');
    expect(ring.needsRotation(old_sealed)).toBe(true);
    expect(ring.decryptString(old_sealed, 'rec_9')).toBe('secret');

    const rotated = ring.rotate(old_sealed, 'rec_9');
    expect(parseCiphertext(rotated).key_id).toBe('k2');
    expect(ring.needsRotation(rotated)).toBe(false);
    expect(ring.decryptString(rotated, 'rec_9')).toBe('secret');
    // Once k1 is retired, only the rotated value still opens.
    const retired = keyring(`k2:${K2}`);
    expect(retired.decryptString(rotated, 'rec_9')).toBe('secret');
    expectDecryptionError(() => retired.decrypt(old_sealed, 'rec_9'), 'unknown_key');
  });

  it('names an unknown key id in its error', () => {
    const sealed = keyring(`k1:${K1}`).encrypt('secret');
    expect(() => keyring(`k2:${K2}`).decrypt(sealed)).toThrow(/no key "k1"/);
    expectDecryptionError(() => keyring(`k2:${K2}`).decrypt(sealed), 'unknown_key');
  });

  it('the same key material under the same id opens values from another process', () => {
    const sealed = keyring(`k1:${K1}`).encrypt('secret');
    expect(
      keyring(`k1:${Buffer.from(K1, 'base64').toString('base64url')}`).decryptString(sealed),
    ).toBe('secret');
  });
});

describe('keyring configuration', () => {
  const cases: Array<[string, { keys?: string; dev_passphrase?: string }, RegExp]> = [
    ['nothing configured', {}, /no keyring key configured/],
    ['blank keys', { keys: '  ' }, /no keyring key configured/],
    ['an entry without id', { keys: K1 }, /entry 1 is not "id:base64key"/],
    [
      'a short key',
      { keys: `k1:${randomBytes(16).toString('base64')}` },
      /"k1" is 16 bytes.*exactly 32/,
    ],
    ['a long key', { keys: `k1:${randomBytes(33).toString('base64')}` }, /"k1" is 33 bytes/],
    ['a key that is not base64', { keys: 'k1:not*base64!' }, /"k1" is not valid base64/],
    ['a duplicate id', { keys: `k1:${K1},k1:${K2}` }, /"k1" appears more than once/],
    ['an id with a dot', { keys: `k.1:${K1}` }, /entry 1: key id must be/],
    ['an empty id', { keys: `k1:${K1},:${K2}` }, /entry 2: key id must be/],
    [
      'both keys and a dev passphrase',
      { keys: `k1:${K1}`, dev_passphrase: 'correct horse' },
      /both set/,
    ],
    ['a short dev passphrase', { dev_passphrase: 'short' }, /at least 8 characters/],
  ];

  it.each(cases)('rejects %s', (_name, settings, message) => {
    expect(() => createKeyring(settings)).toThrow(KeyringConfigError);
    expect(() => createKeyring(settings)).toThrow(message);
  });

  it('accepts whitespace around entries and keeps the first as active', () => {
    const ring = createKeyring({ keys: ` k2:${K2} , k1:${K1} ` });
    expect(ring.active_key_id).toBe('k2');
    expect(ring.key_ids).toEqual(['k2', 'k1']);
  });

  it('uses a dev key only when a passphrase is given, deterministically', () => {
    const first = createKeyring({ dev_passphrase: 'local development only' });
    const second = createKeyring({ dev_passphrase: 'local development only' });
    expect(first.active_key_id).toBe('dev');
    expect(second.decryptString(first.encrypt('secret'))).toBe('secret');
    const other = createKeyring({ dev_passphrase: 'another passphrase' });
    expectDecryptionError(() => other.decrypt(first.encrypt('secret')), 'authentication_failed');
  });
});

describe('keyring properties', () => {
  const ring = keyring(`k2:${K2},k1:${K1}`);

  it('decrypt(encrypt(x, aad), aad) == x for any bytes and associated data', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.string(), (plaintext, associated_data) => {
        const bytes = Buffer.from(plaintext);
        const sealed = ring.encrypt(bytes, associated_data);
        return ring.decrypt(sealed, associated_data).equals(bytes);
      }),
    );
  });

  it('round-trips any unicode string', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (text) => ring.decryptString(ring.encrypt(text)) === text,
      ),
    );
  });

  it('a different associated data never opens the value', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (text, aad, other) => {
        fc.pre(aad !== other);
        const sealed = ring.encrypt(text, aad);
        expect(() => ring.decrypt(sealed, other)).toThrow(DecryptionError);
      }),
    );
  });
});
