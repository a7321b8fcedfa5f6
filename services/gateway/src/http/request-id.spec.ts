import { requestIdOf } from './request-id';

describe('requestIdOf', () => {
  it('keeps a sane incoming id', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'abc-123_x.y:z' } })).toBe('abc-123_x.y:z');
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['with spaces', 'a b'],
    ['with a newline', 'a\nb'],
    ['too long', 'a'.repeat(129)],
    ['repeated', ['a', 'b']],
  ])('generates a fresh id when the incoming one is %s', (_case, value) => {
    const id = requestIdOf({ headers: { 'x-request-id': value } });
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('generates a different id each time', () => {
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
  });
});
