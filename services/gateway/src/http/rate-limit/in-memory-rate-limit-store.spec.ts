import { InMemoryRateLimitStore } from './in-memory-rate-limit-store';
import { rateLimitKey } from './rate-limit-key';
import type { RateLimitDecision } from './rate-limit-store';

const policy = { per_second: 50, burst: 100 };

function storeWithClock(): { store: InMemoryRateLimitStore; advance: (ms: number) => void } {
  let now_ms = 1_000;
  const store = new InMemoryRateLimitStore({ now_ms: () => now_ms });
  return { store, advance: (ms) => (now_ms += ms) };
}

function takeMany(store: InMemoryRateLimitStore, key: string, count: number): RateLimitDecision[] {
  return Array.from({ length: count }, () => store.consumeNow(key, policy));
}

describe('InMemoryRateLimitStore (token bucket)', () => {
  it('allows a burst of 100 at once, then refuses with the wait for the next token', () => {
    const { store } = storeWithClock();
    expect(takeMany(store, 'a', 100).every((decision) => decision.allowed)).toBe(true);
    expect(store.consumeNow('a', policy)).toEqual({
      allowed: false,
      retry_after_ms: 20,
      quota: { limit: 100, remaining: 0, reset_ms: 2_000 },
    });
  });

  it('tells the quota left after each request and the time until the bucket is full', () => {
    const { store, advance } = storeWithClock();
    expect(store.consumeNow('a', policy)).toEqual({
      allowed: true,
      quota: { limit: 100, remaining: 99, reset_ms: 20 },
    });
    takeMany(store, 'a', 9);
    advance(30); // one and a half tokens back
    expect(store.consumeNow('a', policy)).toEqual({
      allowed: true,
      quota: { limit: 100, remaining: 90, reset_ms: 190 },
    });
  });

  it('refills at 50 tokens a second', () => {
    const { store, advance } = storeWithClock();
    takeMany(store, 'a', 100);
    advance(100); // 5 tokens
    const decisions = takeMany(store, 'a', 6);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect(decisions[5]).toMatchObject({ allowed: false, retry_after_ms: 20 });
    advance(10); // half a token
    expect(store.consumeNow('a', policy)).toMatchObject({ allowed: false, retry_after_ms: 10 });
  });

  it('sustains 50 a second indefinitely but never more', () => {
    const { store, advance } = storeWithClock();
    takeMany(store, 'a', 100);
    let allowed = 0;
    for (let tick = 0; tick < 1000; tick += 1) {
      advance(10);
      allowed += takeMany(store, 'a', 3).filter((decision) => decision.allowed).length;
    }
    expect(allowed).toBe(500); // 10 s at 50/s
  });

  it('never holds more than the burst after a long idle time', () => {
    const { store, advance } = storeWithClock();
    store.consumeNow('a', policy);
    advance(3_600_000);
    expect(takeMany(store, 'a', 101).filter((decision) => decision.allowed)).toHaveLength(100);
  });

  it('keeps one bucket per key', () => {
    const { store } = storeWithClock();
    takeMany(store, 'a', 100);
    expect(store.consumeNow('a', policy).allowed).toBe(false);
    expect(store.consumeNow('b', policy).allowed).toBe(true);
  });

  it('drops idle full buckets once over its size bound', () => {
    let now_ms = 0;
    const store = new InMemoryRateLimitStore({ now_ms: () => now_ms, max_buckets: 10 });
    for (let index = 0; index < 10; index += 1) store.consumeNow(`idle-${index}`, policy);
    now_ms += 2_000; // every bucket refilled
    takeMany(store, 'busy', 100);
    store.consumeNow('new', policy);
    expect(store.bucket_count).toBe(2);
    expect(store.consumeNow('busy', policy).allowed).toBe(false);
  });
});

describe('rateLimitKey', () => {
  it('keys a bearer token and the same token as X-API-Key alike, without the secret', () => {
    const bearer = rateLimitKey({ authorization: 'Bearer pk_test_abc.secret' }, '10.0.0.1');
    expect(bearer).toBe(rateLimitKey({ 'x-api-key': 'pk_test_abc.secret' }, '10.0.0.2'));
    expect(bearer).toMatch(/^credential:/);
    expect(bearer).not.toContain('secret');
  });

  it('separates credentials and falls back to the client address', () => {
    expect(rateLimitKey({ authorization: 'Bearer one' }, '1.1.1.1')).not.toBe(
      rateLimitKey({ authorization: 'Bearer two' }, '1.1.1.1'),
    );
    expect(rateLimitKey({}, '10.0.0.1')).toBe('ip:10.0.0.1');
    expect(rateLimitKey({ authorization: 'Basic abc' }, '10.0.0.1')).toBe('ip:10.0.0.1');
  });
});
