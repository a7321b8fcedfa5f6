import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import type { Chain, Network } from './chain';

/**
 * Hierarchical deterministic keys (BIP-32) from the environment's seed. Paths follow BIP-44
 * (TRON coin 195, Ethereum coin 60) and BIP-84 for native segwit Bitcoin (coin 0, or 1 on
 * testnet). The account level separates the platform's uses of keys, so that a deposit
 * address and a segregated wallet never share a key.
 */
export type KeyPurpose = 'deposit' | 'segregated';

const ACCOUNT_OF: Record<KeyPurpose, number> = { deposit: 0, segregated: 1 };
/** BIP-32 child indexes below 2^31 are non-hardened: the address index must fit. */
export const MAX_ADDRESS_INDEX = 0x7fffffff;

export function derivationPath(
  chain: Chain,
  network: Network,
  purpose: KeyPurpose,
  address_index: number,
): string {
  if (!Number.isInteger(address_index) || address_index < 0 || address_index > MAX_ADDRESS_INDEX)
    throw new RangeError(`address index out of range: ${address_index}`);
  const account = ACCOUNT_OF[purpose];
  switch (chain) {
    case 'btc':
      return `m/84'/${network === 'mainnet' ? 0 : 1}'/${account}'/0/${address_index}`;
    case 'eth':
      return `m/44'/60'/${account}'/0/${address_index}`;
    case 'tron':
      return `m/44'/195'/${account}'/0/${address_index}`;
    default:
      throw new Error(`no derivation path for chain ${String(chain satisfies never)}`);
  }
}

export interface KeyPair {
  private_key: Uint8Array;
  /** SEC1 compressed (33 bytes). */
  public_key: Uint8Array;
}

export function deriveKeyPair(seed: Uint8Array, path: string): KeyPair {
  const node = HDKey.fromMasterSeed(seed).derive(path);
  if (!node.privateKey || !node.publicKey) throw new Error(`no key at ${path}`);
  return { private_key: node.privateKey, public_key: node.publicKey };
}

/** A 32-byte secp256k1 private key (hex, with or without `0x`), or null when it is not one. */
export function parsePrivateKey(text: string): KeyPair | null {
  const body = text.startsWith('0x') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{64}$/.test(body)) return null;
  const private_key = Uint8Array.from(Buffer.from(body, 'hex'));
  if (!secp256k1.utils.isValidPrivateKey(private_key)) return null;
  return { private_key, public_key: secp256k1.getPublicKey(private_key, true) };
}
