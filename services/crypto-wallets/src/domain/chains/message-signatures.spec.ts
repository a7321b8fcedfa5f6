import { addressFromPublicKey } from './addresses';
import { parsePrivateKey } from './hd-keys';
import { hashMessage, recoverSigner, signMessage, verifyMessage } from './message-signatures';

function keyOf(private_key_hex: string) {
  const pair = parsePrivateKey(private_key_hex);
  if (!pair) throw new Error('vector key must parse');
  return pair;
}

/**
 * EIP-191 vectors from viem's `src/accounts/utils/signMessage.test.ts` (wevm/viem), signed by
 * the first Anvil/Hardhat development account (its address is the well-known 0xf39F...2266).
 */
const ANVIL = {
  private_key: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};
const VIEM_VECTORS = [
  {
    message: 'hello world',
    signature:
      '0xa461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf15fe57c96f9175d6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b1b',
  },
  {
    message: '🥵',
    signature:
      '0x05c99bbbe9fac3ad61721a815d19d6771ad39f3e8dffa7ae7561358f20431d8e7f9e1d487c77355790c79c6eb0b0d63690f690615ef99ee3e4f25eef0317d0701b',
  },
];

/**
 * TIP-191 vectors from Trust Wallet Core's `tests/chains/Tron/TronMessageSignerTests.cpp`
 * (trustwallet/wallet-core), the same hashing as tronweb's `signMessageV2`.
 */
const TRUST_TRON_KEY = '75065f100e38d3f3b4c5c4235834ba8216de62272a4f03532c44b31a5734360a';
const TRUST_VECTORS = [
  {
    message: 'Hello World',
    signature:
      '0xbc0753c070cc55693097df11bc11e1a7c4bd5e1a40b9dc94c75568e59bcc9d6b50a7873ef25b469e494490a54de37327b4bc7fc825c81a377b555e34fb7261ba1c',
  },
  {
    message: 'A much longer message to test the signing and verification process',
    signature:
      '0x93aee5f753cf889e0749c74dd0c5996cce889883ae079e09ede462e16d65d06a4f43d1ed2745e9f3c1690695628269bd58f057a4a93953cc50e66b4a05bc0f451b',
  },
];

describe('EIP-191 personal_sign (eth)', () => {
  it.each(VIEM_VECTORS)('signs $message as viem does', ({ message, signature }) => {
    expect(signMessage('eth', keyOf(ANVIL.private_key).private_key, message)).toBe(signature);
  });

  it.each(VIEM_VECTORS)('recovers the signer of $message', ({ message, signature }) => {
    expect(recoverSigner('eth', 'testnet', message, signature)).toBe(ANVIL.address);
    expect(verifyMessage('eth', 'mainnet', message, ANVIL.address.toLowerCase(), signature)).toBe(
      true,
    );
  });

  it('hashes "hello world" to the published EIP-191 digest', () => {
    // ethers `hashMessage('hello world')`, also in viem's `hashMessage.test.ts`.
    expect(Buffer.from(hashMessage('eth', 'hello world')).toString('hex')).toBe(
      'd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68',
    );
  });
});

describe('TIP-191 message signing (tron)', () => {
  const pair = keyOf(TRUST_TRON_KEY);
  const address = addressFromPublicKey('tron', 'testnet', pair.public_key);

  it.each(TRUST_VECTORS)('signs "$message" as Trust Wallet Core does', ({ message, signature }) => {
    expect(signMessage('tron', pair.private_key, message)).toBe(signature);
  });

  it.each(TRUST_VECTORS)(
    'recovers the base58check signer of "$message"',
    ({ message, signature }) => {
      expect(recoverSigner('tron', 'testnet', message, signature)).toBe(address);
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    },
  );

  it('does not accept an Ethereum signature of the same text', () => {
    const eth_signature = signMessage('eth', pair.private_key, 'Hello World');
    expect(verifyMessage('tron', 'testnet', 'Hello World', address, eth_signature)).toBe(false);
  });
});

describe('malformed and foreign signatures', () => {
  const [vector] = VIEM_VECTORS;
  const signature = vector?.signature ?? '';

  it.each([
    ['empty', ''],
    ['short', signature.slice(0, 100)],
    ['not hex', `0x${'zz'.repeat(65)}`],
    ['bad v', `${signature.slice(0, 130)}1d`],
    ['r zero', `0x${'00'.repeat(32)}${signature.slice(66)}`],
    ['s beyond the curve order', `${signature.slice(0, 66)}${'ff'.repeat(32)}1b`],
  ])('recovers null from a %s signature', (_label, text) => {
    expect(recoverSigner('eth', 'testnet', 'hello world', text)).toBeNull();
  });

  it('recovers another address for a tampered message', () => {
    expect(recoverSigner('eth', 'testnet', 'hello world!', signature)).not.toBe(ANVIL.address);
    expect(verifyMessage('eth', 'testnet', 'hello world!', ANVIL.address, signature)).toBe(false);
  });

  it('refuses an address that is not one of the chain', () => {
    expect(verifyMessage('eth', 'testnet', 'hello world', 'not-an-address', signature)).toBe(false);
  });
});
