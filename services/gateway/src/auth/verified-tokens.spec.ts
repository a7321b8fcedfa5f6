import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  it('answers what a token carried until the second of its expiry, then forgets it', () => {
    let now_ms = 1_000_000;
    const tokens = new VerifiedTokens<string>(10, () => now_ms);
    tokens.remember('t1', 'member-1', 1_005_000);
    expect(tokens.get('t1')).toBe('member-1');
    now_ms = 1_004_999;
    expect(tokens.get('t1')).toBe('member-1');
    now_ms = 1_005_000;
    expect(tokens.get('t1')).toBeUndefined();
    now_ms = 1_000_000;
    expect(tokens.get('t1')).toBeUndefined();
    expect(tokens.get('never-seen')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the oldest first', () => {
    const tokens = new VerifiedTokens<number>(2, () => 0);
    tokens.remember('a', 1, 10);
    tokens.remember('b', 2, 10);
    tokens.remember('a', 3, 10);
    tokens.remember('c', 4, 10);
    expect([tokens.get('a'), tokens.get('b'), tokens.get('c')]).toEqual([undefined, 2, 4]);
  });
});
