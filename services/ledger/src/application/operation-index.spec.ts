import { OperationIndex, operationHashOf } from './operation-index';

describe('OperationIndex', () => {
  it('answers the stream version of an indexed operation, and none for a new one', () => {
    const index = new OperationIndex();
    index.add('transfer:1', 3);
    index.add('transfer:2', 4);
    expect(index.candidates('transfer:1')).toEqual([3]);
    expect(index.candidates('transfer:2')).toEqual([4]);
    expect(index.candidates('transfer:3')).toEqual([]);
  });

  it('keeps every version of ids that share a hash, once each, oldest first', () => {
    const index = new OperationIndex(() => 7);
    index.add('a', 9);
    index.add('b', 2);
    index.add('c', 5);
    index.add('a', 9);
    expect(index.candidates('anything')).toEqual([2, 5, 9]);
  });

  it('hashes to small non-negative integers, the same for the same id', () => {
    const ids = Array.from({ length: 1_000 }, (_, n) => `payout-hold:${n}`);
    const hashes = ids.map(operationHashOf);
    for (const hash of hashes) {
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true);
    }
    expect(ids.map(operationHashOf)).toEqual(hashes);
    expect(new Set(hashes).size).toBeGreaterThan(995);
  });
});
