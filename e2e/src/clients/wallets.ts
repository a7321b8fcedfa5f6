import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { base58check, hex } from '@scure/base';
import { openAccount, type TestAccount } from './accounts';
import { http, json, type Target } from './http';

/**
 * A wallet the suite holds the key of, as a client's own wallet software would: addresses and
 * message signatures computed here, independently of the platform (EIP-191 on eth, TIP-191 on
 * tron), so that a suite checks the platform against the standards rather than against itself.
 */
export type SigningChain = 'eth' | 'tron';

const PREFIX: Record<SigningChain, string> = {
  eth: '\x19Ethereum Signed Message:\n',
  tron: '\x19TRON Signed Message:\n',
};
const tronBase58 = base58check(sha256);

export interface HeldWallet {
  chain: SigningChain;
  private_key: Uint8Array;
  private_key_hex: string;
  address: string;
}

function addressOf(chain: SigningChain, public_key: Uint8Array): string {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(public_key).toRawBytes(false);
  const account = keccak_256(uncompressed.subarray(1)).subarray(-20);
  if (chain === 'tron') return tronBase58.encode(Uint8Array.of(0x41, ...account));
  const lower = hex.encode(account);
  const digest = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  return `0x${[...lower].map((c, i) => (parseInt(digest[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** A fresh key pair of `chain`. */
export function heldWallet(chain: SigningChain): HeldWallet {
  const private_key = secp256k1.utils.randomPrivateKey();
  return {
    chain,
    private_key,
    private_key_hex: hex.encode(private_key),
    address: addressOf(chain, secp256k1.getPublicKey(private_key, true)),
  };
}

function digestOf(chain: SigningChain, message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  return keccak_256(
    Uint8Array.from([...new TextEncoder().encode(`${PREFIX[chain]}${body.length}`), ...body]),
  );
}

/** `personal_sign` / `signMessageV2`: `0x` + r || s || v (27/28). */
export function signWith(wallet: HeldWallet, message: string): string {
  const signature = secp256k1.sign(digestOf(wallet.chain, message), wallet.private_key, {
    lowS: true,
  });
  return `0x${hex.encode(signature.toCompactRawBytes())}${(27 + signature.recovery).toString(16)}`;
}

/** The address a standard verifier recovers from a signature of `message`. */
export function recoverAddress(chain: SigningChain, message: string, signature: string): string {
  const body = signature.replace(/^0x/, '');
  const public_key = secp256k1.Signature.fromCompact(body.slice(0, 128))
    .addRecoveryBit(parseInt(body.slice(128), 16) - 27)
    .recoverPublicKey(digestOf(chain, message))
    .toRawBytes(true);
  return addressOf(chain, public_key);
}

export interface WalletLinkBody {
  link_id: string;
  chain: SigningChain;
  address: string;
  linked_at: string;
}

export interface ChallengeBody {
  challenge_id: string;
  message: string;
  expires_at: string;
}

type Caller = Pick<TestAccount, 'headers'>;

/** Wallet links, segregated wallets and signature proofs (decisions D9). */
export function walletsClient(target: Target) {
  const client = http(target);
  const send = (caller: Caller, method: string, route: string, body?: unknown) =>
    client.request(method, route, { headers: caller.headers, body });

  const register = (label = 'wallets'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  const challengeRaw = (caller: Caller, body: unknown) =>
    send(caller, 'POST', '/v1/wallet-links/challenges', body);
  const challenge = async (caller: Caller, wallet: Pick<HeldWallet, 'chain' | 'address'>) =>
    json<ChallengeBody>(
      await challengeRaw(caller, { chain: wallet.chain, address: wallet.address }),
      201,
    );
  const verifyRaw = (caller: Caller, body: unknown) =>
    send(caller, 'POST', '/v1/wallet-links/verify', body);

  /** Challenge, sign with the held key, verify: the linked wallet (201). */
  const link = async (caller: Caller, wallet: HeldWallet) => {
    const asked = await challenge(caller, wallet);
    const signature = signWith(wallet, asked.message);
    return json<WalletLinkBody>(
      await verifyRaw(caller, { challenge_id: asked.challenge_id, signature }),
      201,
    );
  };
  const links = async (caller: Caller) =>
    (await json<{ links: WalletLinkBody[] }>(await send(caller, 'GET', '/v1/wallet-links'), 200))
      .links;
  const unlink = (caller: Caller, link_id: string) =>
    send(caller, 'DELETE', `/v1/wallet-links/${link_id}`);

  return {
    request: client.request,
    send,
    register,
    challengeRaw,
    challenge,
    verifyRaw,
    link,
    links,
    unlink,
  };
}
export type WalletsClient = ReturnType<typeof walletsClient>;
