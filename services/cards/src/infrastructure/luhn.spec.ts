import { luhnCheckDigit, passesLuhn } from './luhn';
import { sandboxPan } from './sandbox-issuer';

describe('Luhn check digit', () => {
  it('matches published test card numbers', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000056655665556')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
  });

  it('refuses a changed digit or a non-number', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('sandbox card numbers', () => {
  it('are 16 Luhn-valid digits in the sandbox range, the same for the same card', () => {
    for (const card_id of ['a', 'b', '7f0c1e1e-1111-4a4a-9999-000000000001']) {
      const pan = sandboxPan(card_id);
      expect(pan).toMatch(/^400000\d{10}$/);
      expect(passesLuhn(pan)).toBe(true);
      expect(sandboxPan(card_id)).toBe(pan);
    }
    expect(sandboxPan('a')).not.toBe(sandboxPan('b'));
  });
});
