import { failsInSandbox, SANDBOX_CONFIRMATIONS } from './sandbox-chain';

describe('sandbox chain rules', () => {
  it('fails an outbound amount whose cents are .99, trailing zeros aside', () => {
    expect(failsInSandbox('10.99')).toBe(true);
    expect(failsInSandbox('0.990')).toBe(true);
    expect(failsInSandbox('10.98')).toBe(false);
    expect(failsInSandbox('99')).toBe(false);
    expect(failsInSandbox('1.999')).toBe(false);
  });

  it('confirms quickly on every chain, eth last', () => {
    expect(SANDBOX_CONFIRMATIONS).toEqual({ tron: 2, eth: 3, btc: 2 });
  });
});
