import PDFDocument from 'pdfkit';
import { pdfText } from './payins';

function drawn(text: string): Promise<Buffer> {
  const document = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) =>
    document.on('end', () => resolve(Buffer.concat(chunks))),
  );
  document.text(text);
  document.end();
  return ended;
}

describe('the text of a PDF, as the e2e suites read it', () => {
  it('reads a page whose compressed content ends in a carriage return', async () => {
    // About one page in 256 compresses to bytes ending in \r, just before "\nendstream".
    let page: { text: string; pdf: Buffer } | undefined;
    for (let seed = 0; page === undefined && seed < 5_000; seed += 1) {
      const text = `On-chain transfer receipt ${seed.toString(36)}`;
      const pdf = await drawn(text);
      if (pdf.toString('latin1').includes('\r\nendstream')) page = { text, pdf };
    }
    expect(page).toBeDefined();
    expect(pdfText(page!.pdf)).toContain(page!.text);
  });

  it('reads every page of a document', async () => {
    const pdf = await drawn('Comprobante de transferencia en cadena');
    expect(pdfText(pdf)).toContain('Comprobante de transferencia en cadena');
  });
});
