import {
  createHash,
  generateKeyPairSync,
  randomBytes,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for tests: ES256 (P-256) credentials, attestation
 * `none`, user presence and verification always asserted. It answers the options JSON a server
 * hands to `navigator.credentials.create()`/`.get()` with the JSON a browser would post back
 * (`PublicKeyCredential.toJSON()`), authenticator data, CBOR and client data built by hand.
 */

/** The parts of `PublicKeyCredentialCreationOptionsJSON` an authenticator reads. */
export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

/** The parts of `PublicKeyCredentialRequestOptionsJSON` an authenticator reads. */
export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
}

export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle: string;
  };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
}

interface StoredCredential {
  rp_id: string;
  private_key: KeyObject;
  user_handle: string;
  sign_count: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

/** A value of the CBOR subset WebAuthn needs. */
type CborValue = number | string | Buffer | CborMap | Map<number | string, CborValue>;
interface CborMap {
  [key: string]: CborValue;
}

function cborHead(major: number, length: number): Buffer {
  const type = major << 5;
  if (length < 24) return Buffer.from([type | length]);
  if (length < 0x100) return Buffer.from([type | 24, length]);
  if (length < 0x10000) return Buffer.from([type | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = type | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/**
 * CBOR (RFC 8949) of integers, text, byte strings and maps, definite length with the shortest
 * headers, as authenticators write it.
 */
function cborEncode(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([key, item]) => [cborEncode(key), cborEncode(item)]),
  ]);
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function b64url(data: Buffer): string {
  return data.toString('base64url');
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function cosePublicKey(public_key: KeyObject): Buffer {
  const jwk = public_key.export({ format: 'jwk' }) as JsonWebKey;
  const key = new Map<number, CborValue>([
    [COSE.kty, COSE.EC2],
    [COSE.alg, COSE.ES256],
    [COSE.crv, COSE.P256],
    [COSE.x, Buffer.from(jwk.x as string, 'base64url')],
    [COSE.y, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  return cborEncode(key);
}

export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, StoredCredential>();

  /** `origin`: the web origin the "browser" runs on, written into the client data. */
  constructor(private readonly origin: string) {}

  /** Creates a credential for `navigator.credentials.create(options)`. */
  register(options: CreationOptionsJSON, overrides: { origin?: string } = {}): RegistrationJSON {
    const rp_id = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential_id = randomBytes(16);
    const id = b64url(credential_id);
    this.credentials.set(id, {
      rp_id,
      private_key: privateKey,
      user_handle: options.user.id,
      sign_count: 0,
    });
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credential_id.length);
    const auth_data = Buffer.concat([
      sha256(rp_id),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      length,
      credential_id,
      cosePublicKey(publicKey),
    ]);
    const attestation = cborEncode({ fmt: 'none', attStmt: {}, authData: auth_data });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Signs `navigator.credentials.get(options)` with the first allowed credential it holds, or
   * with `credential_id`, or (discoverable) with any credential of the RP. `user_verified:
   * false` leaves out user verification (no PIN or biometrics asked).
   */
  authenticate(
    options: RequestOptionsJSON,
    overrides: { origin?: string; credential_id?: string; user_verified?: boolean } = {},
  ): AssertionJSON {
    const rp_id = options.rpId ?? new URL(this.origin).hostname;
    const id = overrides.credential_id ?? this.pick(rp_id, options.allowCredentials ?? []);
    const credential = this.credentials.get(id);
    if (!credential) throw new Error('the authenticator holds no matching credential');
    credential.sign_count += 1;
    const auth_data = Buffer.concat([
      sha256(credential.rp_id),
      Buffer.from([
        FLAG_USER_PRESENT | (overrides.user_verified === false ? 0 : FLAG_USER_VERIFIED),
      ]),
      uint32(credential.sign_count),
    ]);
    const client_data = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signed = Buffer.concat([auth_data, sha256(Buffer.from(client_data, 'base64url'))]);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: client_data,
        authenticatorData: b64url(auth_data),
        signature: b64url(sign('sha256', signed, credential.private_key)),
        userHandle: credential.user_handle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private pick(rp_id: string, allowed: { id: string }[]): string {
    const ids =
      allowed.length > 0
        ? allowed.map((credential) => credential.id)
        : [...this.credentials.keys()];
    const found = ids.find((id) => this.credentials.get(id)?.rp_id === rp_id);
    if (!found) throw new Error('the authenticator holds no credential for this relying party');
    return found;
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }
}
