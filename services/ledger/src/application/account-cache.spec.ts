import { initialAccountState } from '../domain';
import { AccountCache } from './account-cache';
import { AccountIndex } from './stream-index';

const entry = (version: number) => ({
  version,
  state: initialAccountState(),
  index: new AccountIndex(),
});

describe('AccountCache', () => {
  it('drops the least recently used account beyond its capacity', () => {
    const cache = new AccountCache(2);
    cache.remember('a', entry(1));
    cache.remember('b', entry(1));
    cache.get('a');
    cache.remember('c', entry(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.version).toBe(1);
    expect(cache.get('c')?.version).toBe(1);
  });

  it('never goes back to an older version of an account', () => {
    const cache = new AccountCache(2);
    cache.remember('a', entry(5));
    cache.remember('a', entry(3));
    expect(cache.get('a')?.version).toBe(5);
  });

  it('keeps nothing with capacity 0', () => {
    const cache = new AccountCache(0);
    cache.remember('a', entry(1));
    expect(cache.get('a')).toBeUndefined();
  });
});
