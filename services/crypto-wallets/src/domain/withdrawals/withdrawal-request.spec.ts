import { DomainError } from '@platform/contracts';
import { withdrawalFee } from './fees';
import {
  draftFingerprint,
  draftWithdrawal,
  totalDebit,
  type WithdrawalRequestInput,
} from './withdrawal-request';

const TRON = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';
const ETH_LOWER = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_TESTNET = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';

const request = (overrides: Partial<WithdrawalRequestInput> = {}): WithdrawalRequestInput => ({
  chain: 'tron',
  asset: 'USDT',
  amount: '25',
  to_address: TRON,
  ...overrides,
});

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
  return 'no error';
};

describe('withdrawal fee table', () => {
  it('charges a flat fee per chain and asset, in the asset', () => {
    expect(withdrawalFee('tron', 'USDT').toString()).toBe('1.000000');
    expect(withdrawalFee('eth', 'USDT').toString()).toBe('5.000000');
    expect(withdrawalFee('eth', 'USDC').toString()).toBe('5.000000');
    expect(withdrawalFee('btc', 'BTC').toString()).toBe('0.00010000');
    expect(withdrawalFee('btc', 'BTC').asset).toBe('BTC');
  });

  it('has no fee for an asset its chain does not carry', () => {
    expect(() => withdrawalFee('tron', 'USDC')).toThrow(/no withdrawal fee/);
  });
});

describe('withdrawal request checks', () => {
  it('drafts a valid request with its fee and canonical address', () => {
    const draft = draftWithdrawal(request({ chain: 'eth', to_address: ETH_LOWER }), 'testnet');
    expect(draft).toMatchObject({ chain: 'eth', asset: 'USDT', to_address: ETH });
    expect(draft.amount.toString()).toBe('25.000000');
    expect(draft.fee.toString()).toBe('5.000000');
    expect(totalDebit(draft).toString()).toBe('30.000000');
    expect(draft).toMatchObject({ wallet_type: 'hosted', travel_address: null });
  });

  it('refuses an unknown chain, then an asset the chain does not carry', () => {
    expect(codeOf(() => draftWithdrawal(request({ chain: 'sol' }), 'testnet'))).toBe(
      'unsupported_chain',
    );
    expect(codeOf(() => draftWithdrawal(request({ asset: 'USDC' }), 'testnet'))).toBe(
      'invalid_asset',
    );
    expect(codeOf(() => draftWithdrawal(request({ asset: 'BTC' }), 'testnet'))).toBe(
      'invalid_asset',
    );
  });

  it.each(['0', '-1', '1e3', 'abc', '', '1.0000001', '1234567890123456', ' 1'])(
    'answers invalid_amount to %j',
    (amount) => {
      expect(codeOf(() => draftWithdrawal(request({ amount }), 'testnet'))).toBe('invalid_amount');
    },
  );

  it('takes as many decimals as the asset has and 15 integer digits', () => {
    expect(draftWithdrawal(request({ amount: '1.000001' }), 'testnet').amount.toString()).toBe(
      '1.000001',
    );
    expect(
      draftWithdrawal(request({ amount: '123456789012345' }), 'testnet').amount.toString(),
    ).toBe('123456789012345.000000');
    const btc = request({ chain: 'btc', asset: 'BTC', to_address: BTC_TESTNET });
    expect(codeOf(() => draftWithdrawal({ ...btc, amount: '0.000000001' }, 'testnet'))).toBe(
      'invalid_amount',
    );
  });

  it('needs an address of the chain and of the environment network', () => {
    expect(codeOf(() => draftWithdrawal(request({ to_address: undefined }), 'testnet'))).toBe(
      'to_address_required',
    );
    expect(codeOf(() => draftWithdrawal(request({ to_address: ETH }), 'testnet'))).toBe(
      'invalid_payload',
    );
    expect(codeOf(() => draftWithdrawal(request({ to_address: `${TRON}x` }), 'testnet'))).toBe(
      'invalid_payload',
    );
    const btc = request({ chain: 'btc', asset: 'BTC', to_address: BTC_TESTNET });
    expect(codeOf(() => draftWithdrawal(btc, 'testnet'))).toBe('no error');
    expect(codeOf(() => draftWithdrawal(btc, 'mainnet'))).toBe('invalid_payload');
  });

  it('checks the Travel Rule fields shape', () => {
    expect(
      codeOf(() => draftWithdrawal(request({ beneficiary_name: 'x'.repeat(201) }), 'testnet')),
    ).toBe('invalid_name');
    expect(codeOf(() => draftWithdrawal(request({ wallet_type: 'cold' }), 'testnet'))).toBe(
      'invalid_request',
    );
    const self_hosted = draftWithdrawal(request({ wallet_type: 'self_hosted' }), 'testnet');
    expect(self_hosted.wallet_type).toBe('self_hosted');
    const blank = draftWithdrawal(
      request({ travel_address: '  ', beneficiary_name: '' }),
      'testnet',
    );
    expect(blank).toMatchObject({ travel_address: null, beneficiary_name: null });
  });

  it('fingerprints equivalent requests alike and different ones apart', () => {
    const fingerprint = (overrides: Partial<WithdrawalRequestInput>) =>
      draftFingerprint(
        draftWithdrawal(request({ chain: 'eth', to_address: ETH, ...overrides }), 'testnet'),
      );
    expect(fingerprint({ amount: '50.0' })).toBe(fingerprint({ amount: '50.00' }));
    expect(fingerprint({ to_address: ETH_LOWER })).toBe(fingerprint({}));
    expect(fingerprint({ amount: '50' })).not.toBe(fingerprint({ amount: '51' }));
    expect(fingerprint({ asset: 'USDC' })).not.toBe(fingerprint({}));
    expect(fingerprint({ beneficiary_name: 'Ana' })).not.toBe(fingerprint({}));
  });
});
