import { addressRisk, type RiskLists } from './address-risk';

const ETH_SCAM = '0x' + 'ab'.repeat(20);
const lists: RiskLists = {
  sandbox_rules: false,
  flagged: [
    { chain: 'eth', address: ETH_SCAM, risk: 'high', category: 'scam' },
    {
      chain: 'eth',
      address: ETH_SCAM.toUpperCase().replace('0X', '0x'),
      risk: 'medium',
      category: 'mixer',
    },
    {
      chain: 'tron',
      address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
      risk: 'severe',
      category: 'sanctions',
    },
  ],
};

describe('addressRisk', () => {
  it('is low with no category for an address on no list', () => {
    expect(addressRisk(lists, 'eth', '0x' + '12'.repeat(20))).toEqual({
      risk: 'low',
      categories: [],
    });
  });

  it('takes the highest of every matching entry, any case, with all their categories', () => {
    expect(addressRisk(lists, 'eth', ETH_SCAM.toUpperCase().replace('0X', '0x'))).toEqual({
      risk: 'high',
      categories: ['mixer', 'scam'],
    });
  });

  it('matches only entries of the same chain', () => {
    expect(addressRisk(lists, 'tron', ETH_SCAM).risk).toBe('low');
    expect(addressRisk(lists, 'tron', 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT')).toEqual({
      risk: 'severe',
      categories: ['sanctions'],
    });
  });

  it('applies the sandbox endings only when the sandbox rules are on', () => {
    const bad = 'TZGqQJVFWriKqBsqTJ6k2Cgbc9ZfwyMbad';
    const risky = 'TPc1zpfGd9X47Rd1b3b4bcAZNLyyyrrisk';
    expect(addressRisk(lists, 'tron', bad).risk).toBe('low');
    const sandbox = { ...lists, sandbox_rules: true };
    expect(addressRisk(sandbox, 'tron', bad)).toEqual({
      risk: 'severe',
      categories: ['sandbox_severe'],
    });
    expect(addressRisk(sandbox, 'tron', risky)).toEqual({
      risk: 'high',
      categories: ['sandbox_high'],
    });
    expect(addressRisk(sandbox, 'eth', ETH_SCAM.slice(0, -3) + 'bad').risk).toBe('severe');
  });
});
