import { AccountIndex, idHashOf, StreamIndex } from './stream-index';

describe('StreamIndex', () => {
  it('answers the stream version of an indexed operation, and none for a new one', () => {
    const index = new StreamIndex();
    index.add('transfer:1', 3);
    index.add('transfer:2', 4);
    expect(index.candidates('transfer:1')).toEqual([3]);
    expect(index.candidates('transfer:2')).toEqual([4]);
    expect(index.candidates('transfer:3')).toEqual([]);
  });

  it('keeps every version of ids that share a hash, once each, oldest first', () => {
    const index = new StreamIndex(() => 7);
    index.add('a', 9);
    index.add('b', 2);
    index.add('c', 5);
    index.add('a', 9);
    expect(index.candidates('anything')).toEqual([2, 5, 9]);
  });

  it('hashes to small non-negative integers, the same for the same id', () => {
    const ids = Array.from({ length: 1_000 }, (_, n) => `payout-hold:${n}`);
    const hashes = ids.map(idHashOf);
    for (const hash of hashes) {
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true);
    }
    expect(ids.map(idHashOf)).toEqual(hashes);
    expect(new Set(hashes).size).toBeGreaterThan(995);
  });
});

describe('AccountIndex', () => {
  it('indexes an event by its operation, and by its hold when it has one', () => {
    const index = new AccountIndex();
    index.add({ operation_id: 'payout-hold:1', hold_id: 'payout:1' }, 1);
    index.add({ operation_id: 'payin:2' }, 2);
    index.add({ operation_id: 'payout-post:1', hold_id: 'payout:1' }, 3);
    expect(index.operations.candidates('payout-post:1')).toEqual([3]);
    expect(index.holds.candidates('payout:1')).toEqual([1, 3]);
    expect(index.holds.candidates('payin:2')).toEqual([]);
  });
});
