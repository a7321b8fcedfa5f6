import { stableUuid } from './stable-uuid';

describe('stableUuid', () => {
  it('is the same UUID for the same parts, and another one for other parts', () => {
    const id = stableUuid('payin', 'account-1', '0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid('payin', 'account-1', '0')).toBe(id);
    expect(stableUuid('payin', 'account-1', '1')).not.toBe(id);
    expect(stableUuid('payout', 'account-1', '0')).not.toBe(id);
    // The parts are kept apart: joining them differently names another row.
    expect(stableUuid('payin', 'account-10')).not.toBe(stableUuid('payin', 'account-1', '0'));
  });
});
