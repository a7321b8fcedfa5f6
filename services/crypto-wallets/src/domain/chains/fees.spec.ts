import { networkFee } from './fees';

describe('network fees', () => {
  it('charges each chain in its native coin', () => {
    expect(networkFee('tron')).toEqual({ amount: '13.5', coin: 'TRX' });
    expect(networkFee('eth')).toEqual({ amount: '0.00042', coin: 'ETH' });
    expect(networkFee('btc')).toEqual({ amount: '0.00002', coin: 'BTC' });
  });
});
