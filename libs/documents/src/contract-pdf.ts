import { loadPdfKit } from './document-libraries';
import { documentFonts } from './fonts';

/** A contract to print: its text already filled, and its signature once signed. */
export interface ContractDocument {
  platform_name: string;
  title: string;
  /** The template's body with every field filled in. */
  body: string;
  /** The filled fields as label and value, listed under the text. */
  fields: readonly (readonly [string, string])[];
  /** Null for the unsigned preview: a "not signed" box stands where the signature goes. */
  signature: {
    png: Buffer;
    signer_name: string;
    signer_email: string;
    /** The signing time as the organization reads it: local time and zone. */
    signed_at_text: string;
    code: string;
    verify_url: string;
  } | null;
  /** Words of the page, in the reader's language. */
  labels: {
    fields: string;
    signature: string;
    signer: string;
    signed_at: string;
    code: string;
    verify: string;
    unsigned: string;
  };
}

const MARGIN = 56;
const RIGHT = 539;
const WIDTH = RIGHT - MARGIN;
const INK = '#14213d';
const MUTED = '#5c677d';
const LINE = '#e3e7ef';
/** The box the drawn signature is fitted into, and how far it sits from the page's bottom. */
const SIGNATURE_BOX = { width: 220, height: 90 };
const SIGNATURE_BLOCK_HEIGHT = 190;

/**
 * Renders an A4 contract: title, the filled text, the fields, then the signature block (the
 * drawn signature, the signer's name and email, the signing time and the verification code with
 * where to check it). Long texts flow onto further pages; the signature block is kept whole.
 * Standard fonts: the organization's text is printed in WinAnsi (English, Spanish).
 */
export async function renderContractPdf(contract: ContractDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const fonts = documentFonts('en');
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: contract.title, Author: contract.platform_name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.rect(0, 0, 595.28, 92).fill(INK);
  document
    .font(fonts.bold)
    .fontSize(10)
    .fillColor('#c9d3ea')
    .text(contract.platform_name, MARGIN, 26);
  document
    .font(fonts.bold)
    .fontSize(20)
    .fillColor('#ffffff')
    .text(contract.title, MARGIN, 44, { width: WIDTH });

  document.x = MARGIN;
  document.y = 120;
  document
    .font(fonts.regular)
    .fontSize(11)
    .fillColor(INK)
    .text(contract.body, MARGIN, document.y, { width: WIDTH, lineGap: 3 });

  if (contract.fields.length > 0) {
    document.moveDown(1.2);
    document.font(fonts.bold).fontSize(11).fillColor(INK).text(contract.labels.fields, MARGIN);
    document.moveDown(0.3);
    for (const [label, value] of contract.fields) {
      const y = document.y;
      document.font(fonts.regular).fontSize(10).fillColor(MUTED).text(label, MARGIN, y, {
        width: 170,
      });
      const label_bottom = document.y;
      document
        .font(fonts.bold)
        .fontSize(10)
        .fillColor(INK)
        .text(value || '-', MARGIN + 180, y, { width: WIDTH - 180 });
      document.y = Math.max(document.y, label_bottom) + 4;
    }
  }

  drawSignatureBlock(document, fonts, contract);
  document.end();
  return finished;
}

type Doc = PDFKit.PDFDocument;
type Fonts = ReturnType<typeof documentFonts>;

function drawSignatureBlock(document: Doc, fonts: Fonts, contract: ContractDocument): void {
  document.moveDown(1.5);
  if (document.y + SIGNATURE_BLOCK_HEIGHT > document.page.height - MARGIN) document.addPage();
  const top = document.y;
  document.moveTo(MARGIN, top).lineTo(RIGHT, top).lineWidth(1).strokeColor(LINE).stroke();
  document
    .font(fonts.bold)
    .fontSize(11)
    .fillColor(INK)
    .text(contract.labels.signature, MARGIN, top + 12);
  const box_top = top + 32;
  const { signature } = contract;
  if (!signature) {
    document
      .roundedRect(MARGIN, box_top, SIGNATURE_BOX.width, SIGNATURE_BOX.height, 6)
      .dash(4, { space: 4 })
      .strokeColor(MUTED)
      .stroke()
      .undash();
    document
      .font(fonts.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(contract.labels.unsigned, MARGIN, box_top + SIGNATURE_BOX.height / 2 - 6, {
        width: SIGNATURE_BOX.width,
        align: 'center',
      });
    return;
  }
  document.image(signature.png, MARGIN, box_top, {
    fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height],
  });
  document
    .moveTo(MARGIN, box_top + SIGNATURE_BOX.height + 4)
    .lineTo(MARGIN + SIGNATURE_BOX.width, box_top + SIGNATURE_BOX.height + 4)
    .strokeColor(MUTED)
    .stroke();
  const rows: [string, string][] = [
    [contract.labels.signer, `${signature.signer_name} <${signature.signer_email}>`],
    [contract.labels.signed_at, signature.signed_at_text],
    [contract.labels.code, signature.code],
    [contract.labels.verify, signature.verify_url],
  ];
  let y = box_top + SIGNATURE_BOX.height + 14;
  for (const [label, value] of rows) {
    document.font(fonts.regular).fontSize(9).fillColor(MUTED).text(label, MARGIN, y, {
      width: 120,
    });
    document
      .font(fonts.bold)
      .fontSize(9)
      .fillColor(INK)
      .text(value, MARGIN + 125, y, { width: WIDTH - 125 });
    y = document.y + 3;
  }
}
