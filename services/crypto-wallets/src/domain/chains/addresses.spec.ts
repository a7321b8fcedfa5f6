import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { addressFromPublicKey, parseAddress } from './addresses';
import { derivationPath, deriveKeyPair, parsePrivateKey } from './hd-keys';

/** Published vectors: BIP-32, BIP-84, BIP-173/350, EIP-55, and TRON keys from two SDKs. */
const ABANDON = `${'abandon '.repeat(11)}about`;
const HARDHAT = `${'test '.repeat(11)}junk`;

function publicKeyOf(private_key_hex: string): Uint8Array {
  const pair = parsePrivateKey(private_key_hex);
  if (!pair) throw new Error('vector key must parse');
  return pair.public_key;
}

describe('BIP-32 derivation', () => {
  it('derives test vector 1 (m/0H/1/2H/2/1000000000)', () => {
    const seed = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
    const node = HDKey.fromMasterSeed(seed).derive("m/0'/1/2'/2/1000000000");
    expect(node.privateExtendedKey).toBe(
      'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
    );
    const pair = deriveKeyPair(seed, "m/0'/1/2'/2/1000000000");
    expect(Buffer.from(pair.public_key).toString('hex')).toBe(
      '022a471424da5e657499d1ff51cb43c47481a03b1e77f951fe64cec9f5a48f7011',
    );
  });

  it('derives the BIP-84 addresses of the all-abandon mnemonic', () => {
    const seed = mnemonicToSeedSync(ABANDON);
    const address = (index: number) =>
      addressFromPublicKey(
        'btc',
        'mainnet',
        deriveKeyPair(seed, derivationPath('btc', 'mainnet', 'deposit', index)).public_key,
      );
    expect(address(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(address(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the well-known development accounts at m/44H/60H/0H/0/i', () => {
    const seed = mnemonicToSeedSync(HARDHAT);
    const pair = deriveKeyPair(seed, derivationPath('eth', 'testnet', 'deposit', 0));
    expect(Buffer.from(pair.private_key).toString('hex')).toBe(
      'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    );
    expect(addressFromPublicKey('eth', 'testnet', pair.public_key)).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    const second = deriveKeyPair(seed, derivationPath('eth', 'testnet', 'deposit', 1));
    expect(addressFromPublicKey('eth', 'mainnet', second.public_key)).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
  });

  it('keeps deposit and segregated keys apart, and testnet Bitcoin on coin type 1', () => {
    expect(derivationPath('tron', 'mainnet', 'deposit', 7)).toBe("m/44'/195'/0'/0/7");
    expect(derivationPath('tron', 'mainnet', 'segregated', 7)).toBe("m/44'/195'/1'/0/7");
    expect(derivationPath('btc', 'testnet', 'deposit', 0)).toBe("m/84'/1'/0'/0/0");
    expect(() => derivationPath('eth', 'mainnet', 'deposit', 2 ** 31)).toThrow(RangeError);
  });
});

describe('TRON addresses', () => {
  it.each([
    [
      '8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941',
      'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
    ],
    [
      'c5e6a5b71d109f1879c2fe48a10f31b55c13d0cfe46c80cd55456c823d7be0ec',
      'TRbkuCKpqPCFEnWTExeeuADA4pNF9Mqwfb',
    ],
  ])('derives the address of private key %s', (private_key, address) => {
    expect(addressFromPublicKey('tron', 'mainnet', publicKeyOf(private_key))).toBe(address);
    expect(addressFromPublicKey('tron', 'testnet', publicKeyOf(private_key))).toBe(address);
  });

  it('accepts base58check addresses with the 0x41 prefix only', () => {
    expect(parseAddress('tron', 'mainnet', 'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsE')).toBe(
      'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsE',
    );
    expect(parseAddress('tron', 'mainnet', 'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsF')).toBeNull();
    expect(
      parseAddress('tron', 'mainnet', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
    ).toBeNull();
    // A Bitcoin P2PKH address is valid base58check but carries version 0x00.
    expect(parseAddress('tron', 'mainnet', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBeNull();
  });
});

describe('Ethereum addresses (EIP-55)', () => {
  const vectors = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors.slice(4))('accepts the checksummed vector %s as it is', (address) => {
    expect(parseAddress('eth', 'mainnet', address)).toBe(address);
    expect(parseAddress('eth', 'mainnet', address.toLowerCase())).toBe(address);
  });

  it.each(vectors.slice(0, 4))('accepts the single-case vector %s', (address) => {
    expect(parseAddress('eth', 'mainnet', address)?.toLowerCase()).toBe(address.toLowerCase());
  });

  it('refuses a mixed-case address whose checksum is wrong, and malformed text', () => {
    expect(parseAddress('eth', 'mainnet', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
    expect(parseAddress('eth', 'mainnet', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBeNull();
    expect(parseAddress('eth', 'mainnet', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
  });
});

describe('Bitcoin addresses (BIP-173, BIP-350)', () => {
  it.each([
    [
      'mainnet',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ],
    [
      'testnet',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    ],
    [
      'mainnet',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    ],
    ['mainnet', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['mainnet', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ] as const)('accepts the %s vector %s', (network, address, canonical) => {
    expect(parseAddress('btc', network, address)).toBe(canonical);
  });

  it.each([
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
  ])('refuses the invalid vector %s', (address) => {
    expect(parseAddress('btc', 'mainnet', address)).toBeNull();
  });

  it('keeps networks apart', () => {
    expect(parseAddress('btc', 'testnet', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(
      parseAddress(
        'btc',
        'mainnet',
        'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      ),
    ).toBeNull();
  });
});

describe('private keys', () => {
  it('refuses text that is not a key of the curve', () => {
    expect(parsePrivateKey('00'.repeat(32))).toBeNull();
    expect(parsePrivateKey('ff'.repeat(32))).toBeNull();
    expect(parsePrivateKey('xyz')).toBeNull();
    expect(
      parsePrivateKey(`0x${'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'}`),
    ).not.toBeNull();
  });
});
