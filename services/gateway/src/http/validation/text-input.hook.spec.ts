import { isSafeText, unsafeTextLocation } from './text-input.hook';

describe('text input rule (D12)', () => {
  it('accepts any well-formed text, including astral characters and controls other than NUL', () => {
    for (const text of ['', 'Ñandú', '支付', 'emoji 😀 ok', 'tab\tnewline\n', '\u0001', '\uffff']) {
      expect(isSafeText(text)).toBe(true);
    }
  });

  it('refuses a NUL and unpaired surrogates anywhere in the text', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\ud83d', '\ude00y', '\ude00\ud83d', '😀\ud800']) {
      expect(isSafeText(text)).toBe(false);
    }
  });

  it('names the part of the request that holds one: keys and nested values too', () => {
    const clean = { params: { id: 'a' }, query: { q: ['x', 'y'] }, headers: { a: 'b' }, body: {} };
    expect(unsafeTextLocation(clean)).toBeNull();
    expect(unsafeTextLocation({ ...clean, params: { id: 'a\u0000' } })).toBe('path');
    expect(unsafeTextLocation({ ...clean, query: { q: ['x', '\ud800'] } })).toBe('query');
    expect(unsafeTextLocation({ ...clean, headers: { 'idempotency-key': '\u0000' } })).toBe(
      'headers',
    );
    expect(unsafeTextLocation({ ...clean, body: { a: [{ b: { c: 'ok\udfff' } }] } })).toBe('body');
    expect(unsafeTextLocation({ ...clean, body: { ['k\u0000']: 1 } })).toBe('body');
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let body: unknown = 'end\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) body = [body];
    expect(unsafeTextLocation({ params: {}, query: {}, headers: {}, body })).toBe('body');
  });
});
