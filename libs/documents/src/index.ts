export { documentFonts, type DocumentFonts } from './fonts';
export { renderReceiptPdf, type ReceiptDocument, type ReceiptTone } from './receipt-pdf';
export {
  bandColor,
  renderCreditReportPdf,
  type CreditReportDocument,
  type FactorTone,
  type ScoreBandSegment,
} from './credit-report-pdf';
// contracts and signatures (issue 18)
export { renderContractPdf, type ContractDocument } from './contract-pdf';
export { loadExcelJs, loadPdfKit } from './document-libraries';
