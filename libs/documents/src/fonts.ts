import path from 'node:path';

/** A font pair for PDF documents (pdfkit font files, or its built-in standard font names). */
export interface DocumentFonts {
  regular: string;
  bold: string;
}

/** pdfkit's standard fonts: WinAnsi, which covers English and Spanish. */
const LATIN_FONTS: DocumentFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * Noto Sans CJK SC cut down to what our documents print (tools/scripts/subset-cjk-fonts.py), kept
 * in the repository so Chinese documents need no font on the host. Copied into dist/ by the build.
 */
const CJK_FONTS: DocumentFonts = {
  regular: path.join(__dirname, 'fonts/NotoSansSC-Regular.subset.otf'),
  bold: path.join(__dirname, 'fonts/NotoSansSC-Bold.subset.otf'),
};

/** The fonts that draw a document in `locale` (en, es or zh). */
export function documentFonts(locale: string): DocumentFonts {
  return locale === 'zh' ? CJK_FONTS : LATIN_FONTS;
}
