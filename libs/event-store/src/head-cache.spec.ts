import { StreamHeadCache } from './head-cache';

describe('StreamHeadCache', () => {
  it('drops the least recently used head past its capacity', () => {
    const cache = new StreamHeadCache(2);
    cache.remember('a', { version: 1, last_hash: 'ha' });
    cache.remember('b', { version: 1, last_hash: 'hb' });
    expect(cache.get('a')).toEqual({ version: 1, last_hash: 'ha' });
    cache.remember('c', { version: 1, last_hash: 'hc' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('hands out copies, forgets on request, and remembers nothing at capacity 0', () => {
    const cache = new StreamHeadCache(10);
    cache.remember('a', { version: 1, last_hash: 'ha' });
    const head = cache.get('a')!;
    head.version = 99;
    expect(cache.get('a')).toEqual({ version: 1, last_hash: 'ha' });
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    const off = new StreamHeadCache(0);
    off.remember('a', { version: 1, last_hash: 'ha' });
    expect(off.get('a')).toBeUndefined();
  });
});
