/**
 * The drawing libraries, loaded by the first document rather than at boot: most processes never
 * draw one, and loading pdfkit and exceljs cost every boot (and every test suite's platform)
 * about half a second of CPU.
 */
export async function loadPdfKit() {
  return (await import('pdfkit')).default;
}

export async function loadExcelJs() {
  return (await import('exceljs')).default;
}
