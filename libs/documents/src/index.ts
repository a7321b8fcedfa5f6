export { documentFonts, type DocumentFonts } from './fonts';
export { renderReceiptPdf, type ReceiptDocument, type ReceiptTone } from './receipt-pdf';
