import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { base58check as base58checkOf, bech32, bech32m, hex } from '@scure/base';
import type { Chain, Network } from './chain';

/**
 * Addresses of each chain from a secp256k1 public key, and the check of an address a client
 * types. TRON: base58check of 0x41 and the last 20 bytes of keccak-256 of the public key (TRON's
 * test networks use the same form). Ethereum: the same 20 bytes in EIP-55 mixed case. Bitcoin:
 * native segwit (BIP-84 P2WPKH) bech32, `bc1` on mainnet and `tb1` on testnet.
 */

const base58check = base58checkOf(sha256);
const TRON_PREFIX = 0x41;
const BECH32_PREFIX: Record<Network, string> = { mainnet: 'bc', testnet: 'tb' };
/** Legacy Bitcoin version bytes a destination may still use: P2PKH and P2SH. */
const BASE58_VERSIONS: Record<Network, readonly number[]> = {
  mainnet: [0x00, 0x05],
  testnet: [0x6f, 0xc4],
};

export function addressFromPublicKey(
  chain: Chain,
  network: Network,
  public_key: Uint8Array,
): string {
  switch (chain) {
    case 'eth':
      return eip55(hex.encode(accountHash(public_key)));
    case 'tron':
      return base58check.encode(Uint8Array.of(TRON_PREFIX, ...accountHash(public_key)));
    case 'btc': {
      const compressed = secp256k1.ProjectivePoint.fromHex(public_key).toRawBytes(true);
      const program = ripemd160(sha256(compressed));
      return bech32.encode(BECH32_PREFIX[network], [0, ...bech32.toWords(program)]);
    }
    default:
      return unknownChain(chain);
  }
}

/**
 * The canonical form of an address typed by a client, or null when it is not an address of
 * that chain and network: Ethereum answers EIP-55 case (an all-lower or all-upper address is
 * accepted, a mixed-case one must carry a valid checksum), Bitcoin answers lower case.
 */
export function parseAddress(chain: Chain, network: Network, text: string): string | null {
  switch (chain) {
    case 'eth':
      return parseEthAddress(text);
    case 'tron':
      return parseTronAddress(text);
    case 'btc':
      return parseBitcoinAddress(network, text);
    default:
      return unknownChain(chain);
  }
}

/** The 20 bytes both TRON and Ethereum addresses are made of. */
function accountHash(public_key: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(public_key).toRawBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak(lowercase) is >= 8. */
function eip55(lower_hex: string): string {
  const digest = hex.encode(keccak_256(new TextEncoder().encode(lower_hex)));
  let checksummed = '0x';
  for (let index = 0; index < lower_hex.length; index += 1) {
    const character = lower_hex[index] as string;
    checksummed += parseInt(digest[index] as string, 16) >= 8 ? character.toUpperCase() : character;
  }
  return checksummed;
}

function parseEthAddress(text: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return null;
  const body = text.slice(2);
  const checksummed = eip55(body.toLowerCase());
  const single_case = body === body.toLowerCase() || body === body.toUpperCase();
  return single_case || checksummed === text ? checksummed : null;
}

function parseTronAddress(text: string): string | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return null;
  const payload = attempt(() => base58check.decode(text));
  return payload?.length === 21 && payload[0] === TRON_PREFIX ? text : null;
}

function parseBitcoinAddress(network: Network, text: string): string | null {
  const prefix = BECH32_PREFIX[network];
  if (text.toLowerCase().startsWith(`${prefix}1`)) return parseSegwitAddress(prefix, text);
  const payload = attempt(() => base58check.decode(text));
  if (payload?.length !== 21) return null;
  return BASE58_VERSIONS[network].includes(payload[0] as number) ? text : null;
}

/** BIP-173 (witness v0, bech32) and BIP-350 (v1 and later, bech32m) addresses of `prefix`. */
function parseSegwitAddress(prefix: string, text: string): string | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase() as `${string}1${string}`;
  const decoded = attempt(() => bech32.decode(lower)) ?? attempt(() => bech32m.decode(lower));
  if (!decoded || decoded.prefix !== prefix || decoded.words.length === 0) return null;
  const [version = -1, ...program_words] = decoded.words;
  const program = attempt(() => bech32.fromWords(program_words));
  if (!program || version > 16 || program.length < 2 || program.length > 40) return null;
  const encoding_matches =
    version === 0
      ? attempt(() => bech32.decode(lower)) !== null
      : attempt(() => bech32m.decode(lower)) !== null;
  if (!encoding_matches) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return lower;
}

function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function unknownChain(chain: never): never {
  throw new Error(`no address rule for chain ${String(chain)}`);
}
