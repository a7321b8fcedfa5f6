import {
  feeFromText,
  feeText,
  kindWords,
  movementText,
  returnedText,
  swapText,
  transferText,
} from './movement-text';

describe('movement texts', () => {
  it('keeps the text the moving service gave', () => {
    expect(movementText('payout', 'Payout to Ana Diaz (PIX)')).toBe('Payout to Ana Diaz (PIX)');
  });

  it('words the kind otherwise, never with ids or hold states', () => {
    expect(movementText('payout', undefined)).toBe('Payout');
    expect(movementText('payin', undefined)).toBe('Payin');
    expect(kindWords('crypto_withdrawal')).toBe('Crypto withdrawal');
    expect(kindWords('some_new_kind')).toBe('Some new kind');
  });

  it('words returns, fees, transfers and swaps', () => {
    expect(returnedText('Payout to Ana Diaz (PIX)')).toBe('Payout to Ana Diaz (PIX), returned');
    expect(feeText('Payout to Ana Diaz (PIX)')).toBe('Fee: Payout to Ana Diaz (PIX)');
    expect(transferText('to', 'acc-2')).toBe('Transfer to acc-2');
    expect(feeFromText('acc-1')).toBe('Fee from acc-1');
    expect(swapText('USD', 'USDT')).toBe('Swap USD to USDT');
  });
});
