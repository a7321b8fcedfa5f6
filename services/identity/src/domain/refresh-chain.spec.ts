import { decideRefresh, presentationTime, type PresentedRefreshToken } from './refresh-chain';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 1) + ms);
const DAY_MS = 24 * 60 * 60 * 1000;

const live: PresentedRefreshToken = {
  exchanged_at: null,
  expires_at: at(30 * DAY_MS),
  chain_expires_at: at(90 * DAY_MS),
  chain_revoked: false,
  holder_active: true,
};
const exchanged = { ...live, exchanged_at: at(1_000) };

describe('decideRefresh', () => {
  it('rotates a live token', () => {
    expect(decideRefresh(live, at(0), at(0))).toBe('rotate');
  });

  it.each<[string, PresentedRefreshToken | null, number]>([
    ['unknown', null, 0],
    ['expired', live, 30 * DAY_MS],
    ['past the chain cap', { ...live, expires_at: at(100 * DAY_MS) }, 90 * DAY_MS],
    ['of a disabled member', { ...live, holder_active: false }, 0],
    ['of a revoked chain', { ...live, chain_revoked: true }, 0],
    ['used, of a chain revoked since', { ...exchanged, chain_revoked: true }, 5_000],
  ])('rejects a token %s', (_label, token, now_ms) => {
    expect(decideRefresh(token, at(now_ms), at(now_ms))).toBe('reject');
  });

  it('lets a twin presented before the exchange finished lose the race, however long it queued', () => {
    expect(decideRefresh(exchanged, at(999), at(60_000))).toBe('race_lost');
  });

  it('treats a presentation after the exchange finished as a replay, with no grace period', () => {
    expect(decideRefresh(exchanged, at(1_000), at(1_000))).toBe('replay');
    expect(decideRefresh(exchanged, at(1_001), at(1_001))).toBe('replay');
    expect(decideRefresh(exchanged, at(1_100), at(1_100))).toBe('replay');
  });

  it('treats a replay of an expired used token as a replay still', () => {
    expect(decideRefresh(exchanged, at(31 * DAY_MS), at(31 * DAY_MS))).toBe('replay');
  });
});

describe('presentationTime', () => {
  it("takes the gateway's stamp when it is earlier than identity's receipt", () => {
    expect(presentationTime(at(10).toISOString(), at(50))).toEqual(at(10));
  });

  it("never goes past identity's receipt (a gateway clock running ahead)", () => {
    expect(presentationTime(at(90).toISOString(), at(50))).toEqual(at(50));
  });

  it("falls back to identity's receipt without a stamp", () => {
    expect(presentationTime(undefined, at(50))).toEqual(at(50));
    expect(presentationTime('not a time', at(50))).toEqual(at(50));
  });
});
