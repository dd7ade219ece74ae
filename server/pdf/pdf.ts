import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What every PDF Kazi prints shares: a pdfkit document collected into a Buffer, and the fonts.
 *
 * pdfkit's built-in fonts (Helvetica…) only know WinAnsi: Latin-1 and a few signs. Documents and
 * reports carry names in any script, so PDFs embed DejaVu Sans (Debian's fonts-dejavu-core, present
 * wherever chromium is installed; PDF_FONT_DIR may point elsewhere): Latin with every diacritic,
 * Greek, Cyrillic, Arabic letters. Only the glyphs used are embedded. Without it a PDF falls back to
 * Helvetica, and `text()` strips the accents Helvetica cannot print, or writes "?".
 */
const FONT_DIRS = [process.env.PDF_FONT_DIR, '/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/TTF', '/usr/share/fonts/dejavu'];

let fontCache: { regular: Buffer; bold: Buffer } | null | undefined;
/** DejaVu Sans regular and bold, read once per process; null when not installed. */
export function embeddedFonts(): { regular: Buffer; bold: Buffer } | null {
  if (fontCache !== undefined) return fontCache;
  fontCache = null;
  for (const dir of FONT_DIRS) {
    if (!dir) continue;
    const regular = join(dir, 'DejaVuSans.ttf');
    const bold = join(dir, 'DejaVuSans-Bold.ttf');
    if (existsSync(regular) && existsSync(bold)) {
      fontCache = { regular: readFileSync(regular), bold: readFileSync(bold) };
      break;
    }
  }
  return fontCache;
}

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const winAnsi = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n';
};

/** For the Helvetica fallback: keeps what WinAnsi can print, drops accents it cannot, "?" for the rest. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (winAnsi(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every(winAnsi) && base ? base : '?';
    }
  }
  return out;
}

export interface PdfStart {
  pdf: PDFKit.PDFDocument;
  /** the whole file, once `pdf.end()` has been called */
  done: Promise<Buffer>;
  /** font names to pass to `pdf.font()` */
  regular: string;
  bold: string;
  /** text as the chosen font can print it ('' for nothing) */
  text: (s: string | null | undefined) => string;
}

/**
 * A new PDF with the embedded fonts registered (unless embedFont is false) and its bytes collected.
 * pdfkit is loaded by the first PDF, not by every start (docs/decisions/0022-start-up.md).
 */
export async function startPdf(options: PDFKit.PDFDocumentOptions, embedFont = true): Promise<PdfStart> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const fonts = embedFont ? embeddedFonts() : null;
  if (fonts) {
    pdf.registerFont('kazi-regular', fonts.regular);
    pdf.registerFont('kazi-bold', fonts.bold);
  }
  return {
    pdf,
    done,
    regular: fonts ? 'kazi-regular' : 'Helvetica',
    bold: fonts ? 'kazi-bold' : 'Helvetica-Bold',
    text: (s) => (s ? (fonts ? s : toWinAnsi(s)) : ''),
  };
}
