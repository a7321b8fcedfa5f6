import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { documentFonts } from './index';

/** A one-page PDF of `text` in the regular and bold fonts of `locale`. */
function pdfWith(locale: string, text: string): Promise<Buffer> {
  const fonts = documentFonts(locale);
  const document = new PDFDocument();
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    document.on('end', () => resolve(Buffer.concat(chunks))),
  );
  document.font(fonts.regular).text(text);
  document.font(fonts.bold).text(text);
  document.end();
  return done;
}

describe('documentFonts', () => {
  it('ships the Chinese fonts inside the repository', () => {
    const fonts = documentFonts('zh');
    expect(existsSync(fonts.regular)).toBe(true);
    expect(existsSync(fonts.bold)).toBe(true);
  });

  it('embeds the Chinese font for zh and keeps the standard one for en and es', async () => {
    const chinese = (await pdfWith('zh', '账户对账单 收据 金额 1,234.56 USD')).toString('latin1');
    expect(chinese).toContain('NotoSansCJKsc');
    const spanish = (await pdfWith('es', 'Extracto de cuenta: año, número')).toString('latin1');
    expect(spanish).toContain('Helvetica');
    expect(spanish).not.toContain('NotoSansCJK');
  });
});
