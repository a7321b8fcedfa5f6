import { parseSettings } from '@platform/runtime';
import { gatewaySettingsSchema, rateLimitOf } from './gateway.settings';
import { DEFAULT_RATE_LIMIT } from './http/gateway-options';

const rateLimitFromSettings = (raw: Record<string, string>) =>
  rateLimitOf(parseSettings(gatewaySettingsSchema, raw));

describe('the gateway rate limit from its settings', () => {
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
    expect(() => rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: 'fast' })).toThrow(
      /RATE_LIMIT_PER_SECOND/,
    );
    expect(() => rateLimitFromSettings({ RATE_LIMIT_PER_SECOND: '0' })).toThrow(
      /RATE_LIMIT_PER_SECOND/,
    );
    expect(() => rateLimitFromSettings({ RATE_LIMIT_BURST: '0' })).toThrow(/RATE_LIMIT_BURST/);
  });
});
