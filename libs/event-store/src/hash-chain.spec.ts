import { canonicalJson, chainHash, GENESIS_HASH, type HashedEvent } from './hash-chain';

const data = { amount: '10.50', asset: 'USD', meta: { b: 1, a: [2, { d: null, c: true }] } };
const event: HashedEvent = {
  event_id: '6f1c1d2e-6a53-4c53-9d8f-0c6f7f0a9b10',
  stream: 'account-1',
  stream_version: 1,
  type: 'ledger.funds_credited',
  version: 1,
  data,
  org_id: 'org_1',
  account_id: 'acc_1',
  environment: 'test',
  correlation_id: null,
  causation_id: null,
  occurred_at: '2025-01-02T03:04:05.678Z',
};

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,1]},"b":1}',
    );
  });

  it('serialises values as they come back from jsonb (undefined dropped, dates as ISO strings)', () => {
    expect(canonicalJson({ a: undefined, b: new Date('2025-01-01T00:00:00Z') })).toBe(
      '{"b":"2025-01-01T00:00:00.000Z"}',
    );
  });
});

describe('chainHash', () => {
  it('ignores key order but not values', () => {
    const reordered = {
      ...event,
      data: { meta: { a: [2, { c: true, d: null }], b: 1 }, asset: 'USD', amount: '10.50' },
    };
    expect(chainHash(GENESIS_HASH, reordered)).toBe(chainHash(GENESIS_HASH, event));
    expect(chainHash(GENESIS_HASH, { ...event, data: { ...data, amount: '10.51' } })).not.toBe(
      chainHash(GENESIS_HASH, event),
    );
  });

  it('depends on the previous hash, so a change anywhere breaks every later link', () => {
    const first = chainHash(GENESIS_HASH, event);
    const second = { ...event, stream_version: 2 };
    expect(chainHash(first, second)).not.toBe(chainHash(GENESIS_HASH, second));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('hash compatibility', () => {
  // Computed by the first release of the store: stored chains must keep verifying.
  it('hashes exactly as events already stored were hashed', () => {
    const awkward = {
      amount: '10.50',
      asset: 'USD',
      meta: { b: 1, a: [2, { d: null, c: true }], é: 'ü\u2028', '': [], z: {} },
      n: -0.5e-7,
      u: undefined,
      d: new Date('2025-01-01T00:00:00Z'),
      arr: [undefined, () => 1, NaN],
    };
    const stored = { ...event, data: awkward };
    expect(canonicalJson(awkward)).toBe(
      '{"amount":"10.50","arr":[null,null,null],"asset":"USD","d":"2025-01-01T00:00:00.000Z",' +
        '"meta":{"":[],"a":[2,{"c":true,"d":null}],"b":1,"z":{},"é":"ü\u2028"},"n":-5e-8}',
    );
    expect(chainHash(GENESIS_HASH, stored)).toBe(
      'f239f128a35c7eeef01574bd81caf2165cd384ab07838cec35ca165c8d59f169',
    );
    expect(chainHash('ab', { ...stored, stream_version: 2 })).toBe(
      '3e478922c5961aaff942a7aef0c63ae395170c5258240c46e0ac14608e7cbd9e',
    );
  });
});
