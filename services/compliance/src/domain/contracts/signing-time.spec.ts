import { localSigningTime } from './signing-time';

describe('localSigningTime', () => {
  it("shows the instant in the organization's zone, with the zone and its offset", () => {
    expect(localSigningTime('2026-11-25T13:04:05.000Z', 'America/Sao_Paulo')).toBe(
      '2026-11-25 10:04:05 America/Sao_Paulo (UTC-03:00)',
    );
    expect(localSigningTime('2026-11-25T23:30:00.000Z', 'Asia/Shanghai')).toBe(
      '2026-11-26 07:30:00 Asia/Shanghai (UTC+08:00)',
    );
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(localSigningTime('2026-11-25T13:04:05.000Z', 'Mars/Olympus')).toBe(
      '2026-11-25 13:04:05 UTC (UTC+00:00)',
    );
  });
});
