import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of the PDFs the server writes (lib/pdf-document.ts registers them): Noto Sans SC (OFL, shipped with the app
 * by the `@embedpdf/fonts-sc` package) covers Latin and the whole CJK block, so English, Malay and Chinese documents,
 * and a Chinese name in any of them, print with one family. pdfkit embeds only the glyphs a document uses.
 */
const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Read once, on the first document (about 8 MB each). */
export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'NotoSansHans-Regular.otf')),
    bold: readFileSync(join(FONT_DIR, 'NotoSansHans-Bold.otf')),
  };
  return fonts;
}
