import { attachmentDisposition, attachmentName } from './send-attachment';

describe('attachment names', () => {
  it('keeps a plain name and removes what could break the header', () => {
    expect(attachmentName('invoice.pdf', 'file')).toBe('invoice.pdf');
    expect(attachmentName('../"a"\r\nX-Injected: 1.pdf', 'file')).toBe('..aX-Injected: 1.pdf');
    expect(attachmentName(' "/\\ ', 'file')).toBe('file');
    expect(attachmentName('a\ud800b.txt', 'file')).toBe('a_b.txt');
  });

  it('answers an ASCII name and the UTF-8 name, every reserved character encoded', () => {
    expect(attachmentDisposition('factura año (1).pdf')).toBe(
      `attachment; filename="factura_a_o__1_.pdf"; filename*=UTF-8''factura%20a%C3%B1o%20%281%29.pdf`,
    );
    expect(attachmentDisposition("it's*.txt")).toBe(
      `attachment; filename="it_s_.txt"; filename*=UTF-8''it%27s%2A.txt`,
    );
  });
});
