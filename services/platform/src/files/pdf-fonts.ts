import type { PDFDocument, PDFFont } from 'pdf-lib';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Fonts and text layout for the PDFs the services draw.
 *
 * DejaVu Sans (regular and bold) for the PDFs the services draw (the enrolment poster, VAT invoices): a font
 * with every Polish letter, shipped in the `dejavu-fonts-ttf` package (nothing is fetched), read once per
 * process and embedded as a subset, so every viewer shows „ąćęłńóśźż” and the files stay small.
 */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
function fontFiles() {
  fonts ??= (async () => {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold] = await Promise.all([
      readFile(join(dir, 'DejaVuSans.ttf')),
      readFile(join(dir, 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

export async function embedDejaVuSans(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  // imported on the first PDF: loading fontkit decompresses its tables (tens of ms of CPU), which every start
  // of the tenant and billing services paid before they could answer
  pdf.registerFontkit((await import('@pdf-lib/fontkit')).default);
  const files = await fontFiles();
  const [regular, bold] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true }),
    pdf.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold };
}

/** Greedy word wrap: the words of `text` in lines no wider than `maxWidth` at `size` (a longer word stays whole). */
export function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
