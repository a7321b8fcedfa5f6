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

/** A fresh key pair of `chain`, or the one of `private_key_hex`. */
export function heldWallet(chain: SigningChain, private_key_hex?: string): HeldWallet {
  const private_key = private_key_hex
    ? hex.decode(private_key_hex.replace(/^0x/, '').toLowerCase())
    : secp256k1.utils.randomPrivateKey();
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

export interface SegregatedWalletBody {
  wallet_id: string;
  type: 'segregated';
  custody: 'platform' | 'client';
  chain: SigningChain;
  asset: string;
  address: string;
  label: string | null;
  created_at: string;
}

export interface WalletSignatureBody {
  signature: string;
  address: string;
  chain: SigningChain;
  message: string;
}

export interface SignatureProofBody {
  proof_id: string;
  proof_code: string;
  verify_url: string;
  status: 'signed' | 'revoked';
  wallet_id: string;
  signature: string;
  address: string;
  chain: SigningChain;
  statement: string;
  purpose: string;
  created_at: string;
  revoked_at: string | null;
}

type Caller = Pick<TestAccount, 'headers'>;

/** `caller`'s headers with `X-OTP-Token`. */
export const withOtp = (caller: Caller, otp_token: string): Caller => ({
  headers: { ...caller.headers, 'x-otp-token': otp_token },
});

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

  const createRaw = (caller: Caller, body: unknown) =>
    send(caller, 'POST', '/v1/segregated-wallets', body);
  const create = async (caller: Caller, body: Record<string, unknown>) =>
    json<SegregatedWalletBody>(await createRaw(caller, body), 201);
  const list = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; wallets: SegregatedWalletBody[] }>(
      await send(caller, 'GET', `/v1/segregated-wallets${query}`),
      200,
    );
  const get = (caller: Caller, wallet_id: string) =>
    send(caller, 'GET', `/v1/segregated-wallets/${wallet_id}`);
  const balance = (caller: Caller, wallet_id: string) =>
    send(caller, 'GET', `/v1/segregated-wallets/${wallet_id}/balance`);
  const transactions = (caller: Caller, wallet_id: string) =>
    send(caller, 'GET', `/v1/segregated-wallets/${wallet_id}/transactions`);
  const importRaw = (caller: Caller, body: unknown) =>
    send(caller, 'POST', '/v1/segregated-wallets/import', body);
  const exportRaw = (caller: Caller, wallet_id: string) =>
    send(caller, 'POST', `/v1/segregated-wallets/${wallet_id}/export`);
  const signRaw = (caller: Caller, wallet_id: string, body: unknown) =>
    send(caller, 'POST', `/v1/segregated-wallets/${wallet_id}/signatures`, body);
  const sign = async (caller: Caller, wallet_id: string, message: string) =>
    json<WalletSignatureBody>(await signRaw(caller, wallet_id, { message }), 200);

  const proveRaw = (caller: Caller, body: unknown) =>
    send(caller, 'POST', '/v1/signature-proofs', body);
  const prove = async (caller: Caller, body: Record<string, unknown>) =>
    json<SignatureProofBody>(await proveRaw(caller, body), 201);
  const proofsRaw = (caller: Caller, query = '') =>
    send(caller, 'GET', `/v1/signature-proofs${query}`);
  const proofs = async (caller: Caller, query = '') =>
    (await json<{ proofs: SignatureProofBody[] }>(await proofsRaw(caller, query), 200)).proofs;
  const proof = (caller: Caller, proof_id: string) =>
    send(caller, 'GET', `/v1/signature-proofs/${proof_id}`);
  const revokeProof = (caller: Caller, proof_id: string) =>
    send(caller, 'POST', `/v1/signature-proofs/${proof_id}/revoke`);
  /** The public page's data: no credentials at all. */
  const publicProof = (code: string) =>
    client.request('GET', `/v1/public/signature-proofs/${encodeURIComponent(code)}`);

  return {
    request: client.request,
    proveRaw,
    prove,
    proofsRaw,
    proofs,
    proof,
    revokeProof,
    publicProof,
    send,
    register,
    challengeRaw,
    challenge,
    verifyRaw,
    link,
    links,
    unlink,
    createRaw,
    create,
    list,
    get,
    balance,
    transactions,
    importRaw,
    exportRaw,
    signRaw,
    sign,
  };
}
export type WalletsClient = ReturnType<typeof walletsClient>;
