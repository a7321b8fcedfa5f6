import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { hex } from '@scure/base';
import { addressFromPublicKey, parseAddress } from './addresses';
import type { Network } from './chain';

/**
 * Signed messages that wallets and standard tools verify: EIP-191 `personal_sign` on Ethereum
 * and TIP-191 (tronweb `signMessageV2`) on TRON. Both hash a prefixed message with keccak-256
 * and answer `0x` + r || s || v (65 bytes, v 27 or 28), so a client recovers the signer with
 * ethers `verifyMessage`, viem `recoverMessageAddress` or tronweb `verifyMessageV2`.
 */
export type MessageChain = 'eth' | 'tron';

export const MESSAGE_CHAINS = ['eth', 'tron'] as const satisfies readonly MessageChain[];

const PREFIX: Record<MessageChain, string> = {
  eth: '\x19Ethereum Signed Message:\n',
  tron: '\x19TRON Signed Message:\n',
};
const SIGNATURE_PATTERN = /^(0x)?[0-9a-fA-F]{130}$/;
const RECOVERY_OFFSET = 27;

export function isMessageChain(value: unknown): value is MessageChain {
  return value === 'eth' || value === 'tron';
}

/** keccak-256 of the prefix, the message's length in UTF-8 bytes (decimal) and the message. */
export function hashMessage(chain: MessageChain, message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`${PREFIX[chain]}${body.length}`);
  return keccak_256(Uint8Array.from([...prefix, ...body]));
}

/** A deterministic (RFC 6979), low-s signature of `message` by `private_key`. */
export function signMessage(chain: MessageChain, private_key: Uint8Array, message: string): string {
  const signature = secp256k1.sign(hashMessage(chain, message), private_key, { lowS: true });
  const v = RECOVERY_OFFSET + signature.recovery;
  return `0x${hex.encode(signature.toCompactRawBytes())}${v.toString(16)}`;
}

/**
 * The address that signed `message`, or null when `signature` is malformed or recovers no key.
 * A signature by anyone recovers some address: callers compare it with the expected one.
 */
export function recoverSigner(
  chain: MessageChain,
  network: Network,
  message: string,
  signature: string,
): string | null {
  if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return null;
  const body = signature.startsWith('0x') ? signature.slice(2) : signature;
  const recovery = recoveryBitOf(parseInt(body.slice(128), 16));
  if (recovery === null) return null;
  try {
    const public_key = secp256k1.Signature.fromCompact(body.slice(0, 128))
      .addRecoveryBit(recovery)
      .recoverPublicKey(hashMessage(chain, message))
      .toRawBytes(true);
    return addressFromPublicKey(chain, network, public_key);
  } catch {
    return null;
  }
}

/** True when `signature` is `address`'s signature of `message` (any case of an eth address). */
export function verifyMessage(
  chain: MessageChain,
  network: Network,
  message: string,
  address: string,
  signature: string,
): boolean {
  const expected = parseAddress(chain, network, address);
  return expected !== null && recoverSigner(chain, network, message, signature) === expected;
}

/** v is 27/28 as wallets write it; 0/1 (some older signers) means the same. */
function recoveryBitOf(v: number): number | null {
  if (v === 0 || v === 1) return v;
  if (v === RECOVERY_OFFSET || v === RECOVERY_OFFSET + 1) return v - RECOVERY_OFFSET;
  return null;
}
