import {
  DEFAULT_RETRY_POLICY,
  isRepeatable,
  retryAfterMs,
  retryDelayMs,
  type RetryInput,
  type RetryPolicy,
} from './retry-policy';
import { retryingFetch } from './retrying-fetch';

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const POLICY: RetryPolicy = { max_retries: 3, base_delay_ms: 500, max_delay_ms: 10_000 };
const input = (overrides: Partial<RetryInput>): RetryInput => ({
  status: 503,
  retry_after: null,
  retries: 0,
  now_ms: NOW_MS,
  random: 0,
  ...overrides,
});

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('7', NOW_MS)).toBe(7000);
    expect(retryAfterMs(' 0 ', NOW_MS)).toBe(0);
  });

  it('reads an HTTP-date as the time left until it, and a past date as no wait', () => {
    expect(retryAfterMs('Thu, 01 Jan 2026 12:00:04 GMT', NOW_MS)).toBe(4000);
    expect(retryAfterMs('Thu, 01 Jan 2026 11:59:00 GMT', NOW_MS)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(retryAfterMs(null, NOW_MS)).toBeNull();
    expect(retryAfterMs('', NOW_MS)).toBeNull();
    expect(retryAfterMs('soon', NOW_MS)).toBeNull();
    expect(retryAfterMs('-3', NOW_MS)).toBeNull();
  });
});

describe('retry delay', () => {
  it('retries 429 and 503 only', () => {
    expect(retryDelayMs(input({ status: 429 }), POLICY)).not.toBeNull();
    expect(retryDelayMs(input({ status: 503 }), POLICY)).not.toBeNull();
    for (const status of [200, 400, 409, 500, 502, 504])
      expect(retryDelayMs(input({ status }), POLICY)).toBeNull();
  });

  it('waits what Retry-After asks (seconds or date), plus at most one base delay of jitter', () => {
    expect(retryDelayMs(input({ retry_after: '2', random: 0 }), POLICY)).toBe(2000);
    expect(retryDelayMs(input({ retry_after: '2', random: 0.999 }), POLICY)).toBe(2499);
    expect(
      retryDelayMs(input({ retry_after: 'Thu, 01 Jan 2026 12:00:03 GMT', random: 0.5 }), POLICY),
    ).toBe(3250);
  });

  it('never waits longer than the cap, and gives up when Retry-After asks for more', () => {
    expect(retryDelayMs(input({ retry_after: '10', random: 0.999 }), POLICY)).toBe(10_000);
    expect(retryDelayMs(input({ retry_after: '11' }), POLICY)).toBeNull();
    expect(
      retryDelayMs(input({ retry_after: 'Thu, 01 Jan 2026 12:01:00 GMT' }), POLICY),
    ).toBeNull();
  });

  it('backs off exponentially with jitter without Retry-After, up to the cap', () => {
    const delays = [0, 1, 2].map((retries) => [
      retryDelayMs(input({ retries, random: 0 }), POLICY),
      retryDelayMs(input({ retries, random: 0.999 }), POLICY),
    ]);
    expect(delays).toEqual([
      [250, 499],
      [500, 999],
      [1000, 1999],
    ]);
    const capped = { ...POLICY, max_retries: 20 };
    expect(retryDelayMs(input({ retries: 15, random: 0.999 }), capped)).toBeLessThanOrEqual(10_000);
    expect(retryDelayMs(input({ retries: 15, random: 0 }), capped)).toBe(5000);
  });

  it('stops after max_retries', () => {
    expect(retryDelayMs(input({ retries: 2 }), POLICY)).not.toBeNull();
    expect(retryDelayMs(input({ retries: 3 }), POLICY)).toBeNull();
    expect(retryDelayMs(input({}), { ...POLICY, max_retries: 0 })).toBeNull();
  });

  it('repeats idempotent methods and requests with an idempotency key only', () => {
    const none = new Headers();
    const keyed = new Headers({ 'Idempotency-Key': 'k1' });
    expect(['GET', 'head', 'PUT', 'DELETE'].map((method) => isRepeatable(method, none))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isRepeatable('POST', none)).toBe(false);
    expect(isRepeatable('PATCH', none)).toBe(false);
    expect(isRepeatable('POST', keyed)).toBe(true);
    expect(isRepeatable('POST', new Headers({ 'Idempotency-Key': '' }))).toBe(false);
  });
});

describe('retrying fetch', () => {
  const answer = (status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error: 'x', message: 'y' }), { status, headers });

  function harness(answers: Response[]) {
    const sent: { method: string; body: string; key: string | null }[] = [];
    const waits: number[] = [];
    const fetch = retryingFetch({
      policy: DEFAULT_RETRY_POLICY,
      fetch: async (request) => {
        sent.push({
          method: request.method,
          body: await request.text(),
          key: request.headers.get('Idempotency-Key'),
        });
        return answers.shift()!;
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
      now_ms: () => NOW_MS,
      random: () => 0,
    });
    return { fetch, sent, waits };
  }

  it('sends a keyed POST again, same body and key, after 429 and 503, as Retry-After says', async () => {
    const { fetch, sent, waits } = harness([
      answer(429, { 'Retry-After': '1' }),
      answer(503, { 'Retry-After': 'Thu, 01 Jan 2026 12:00:02 GMT' }),
      answer(201),
    ]);
    const response = await fetch(
      new Request('http://platform.test/v1/transfers', {
        method: 'POST',
        body: '{"amount":"1.00"}',
        headers: { 'Idempotency-Key': 'k1' },
      }),
    );
    expect(response.status).toBe(201);
    expect(waits).toEqual([1000, 2000]);
    expect(sent).toEqual(Array(3).fill({ method: 'POST', body: '{"amount":"1.00"}', key: 'k1' }));
  });

  it('returns the last 503 once the retries are spent', async () => {
    const { fetch, sent, waits } = harness([answer(503), answer(503), answer(503), answer(503)]);
    const response = await fetch(new Request('http://platform.test/v1/balances'));
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1 + DEFAULT_RETRY_POLICY.max_retries);
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('never repeats a POST without an idempotency key', async () => {
    const { fetch, sent, waits } = harness([answer(503), answer(201)]);
    const response = await fetch(
      new Request('http://platform.test/v1/transfers', { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
