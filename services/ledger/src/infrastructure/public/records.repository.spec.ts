import { crossRate } from './records.repository';

describe('crossRate', () => {
  it('divides the two USD prices exactly, rounded down to 12 decimals', () => {
    expect(crossRate('1', '1')).toBe('1');
    expect(crossRate('65000', '1')).toBe('65000');
    expect(crossRate('1', '65000')).toBe('0.000015384615');
    expect(crossRate('75.50', '0.95')).toBe('79.473684210526');
    expect(crossRate('0.95', '75.5')).toBe('0.012582781456');
  });
});
