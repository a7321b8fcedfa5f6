import { parseTxId, sandboxTxId } from './tx-ids';

describe('transaction ids', () => {
  it('derives each chain format from the seed, the same for the same seed', () => {
    expect(sandboxTxId('eth', 'w-1')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sandboxTxId('tron', 'w-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxTxId('btc', 'w-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxTxId('eth', 'w-1')).toBe(sandboxTxId('eth', 'w-1'));
    expect(sandboxTxId('eth', 'w-1')).not.toBe(sandboxTxId('eth', 'w-2'));
    expect(sandboxTxId('tron', 'w-1')).not.toBe(sandboxTxId('btc', 'w-1'));
  });

  it('accepts only the chain format, in lower case', () => {
    const hex = 'AB'.repeat(32);
    expect(parseTxId('eth', `0x${hex}`)).toBe(`0x${hex.toLowerCase()}`);
    expect(parseTxId('eth', hex)).toBeNull();
    expect(parseTxId('tron', hex)).toBe(hex.toLowerCase());
    expect(parseTxId('btc', `0x${hex}`)).toBeNull();
    expect(parseTxId('btc', 'ab')).toBeNull();
    expect(parseTxId('tron', 42)).toBeNull();
  });
});
