import { inflateSync } from 'node:zlib';

/**
 * The inflated content streams of a PDF, each read by its dictionary's `/Length`. Searching for
 * the `endstream` keyword instead loses a stream whose compressed bytes end in a carriage return
 * (the `\r\n` before `endstream` swallows it), about one stream in 256: a flaky empty text.
 * Streams that do not inflate (images, fonts stored raw) are left out.
 */
export function pdfContentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const header = /\/Length (\d+)\s[^]*?>>\s*stream\r?\n/g;
  const contents: string[] = [];
  for (let match = header.exec(text); match !== null; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = start + Number(match[1]);
    header.lastIndex = end;
    try {
      contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      continue; // a font or image stream, not page content
    }
  }
  return contents;
}
