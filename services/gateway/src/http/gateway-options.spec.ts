import { DEFAULT_RATE_LIMIT, rateLimitFromSettings } from './gateway-options';

describe('rateLimitFromSettings', () => {
  it('keeps the D7 default when nothing is configured', () => {
    expect(rateLimitFromSettings({})).toEqual(DEFAULT_RATE_LIMIT);
  });

  it('reads both numbers and turns the limiter off only on "off"', () => {
    expect(rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: '5', RATE_LIMIT_BURST: '7' })).toEqual({
      per_second: 5,
      burst: 7,
    });
    expect(rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: 'off' })).toBe(false);
  });

  it('refuses values that would silently disable or break the limiter', () => {
    expect(() => rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: 'fast' })).toThrow();
    expect(() => rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: '0' })).toThrow();
    expect(() => rateLimitFromSettings({ RATE_LIMIT_BURST: '0' })).toThrow();
  });
});
