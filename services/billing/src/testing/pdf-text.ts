import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * The text a PDF shows, read back honestly: every page's content streams are inflated, each text-showing
 * operator (`<hex> Tj`) is decoded through the ToUnicode CMap of the font selected by the preceding `Tf`
 * (pdf-lib writes glyph ids for embedded fonts, so the CMap is the only way back to the letters). One
 * string per `Tj`, in drawing order. Enough for PDFs drawn with pdf-lib's `drawText` (tests only).
 */
export interface PdfText {
  /** one entry per text-showing operator, in drawing order */
  pieces: string[];
  /** the pieces joined with spaces (for "contains" assertions across wrapped lines) */
  text: string;
  /** the embedded fonts: base name without the subset tag, and whether the font program is embedded */
  fonts: { name: string; embedded: boolean }[];
  document: PDFDocument;
}

const streamBytes = (stream: PDFRawStream) =>
  stream.dict.get(PDFName.of('Filter')) ? inflateSync(stream.contents) : Buffer.from(stream.contents);

/** `beginbfchar` / `beginbfrange` of a ToUnicode CMap → glyph code (hex) → text. */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(code!.toUpperCase(), utf16(unicode!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, target] of block[1]!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      const start = Number.parseInt(from!, 16);
      const end = Number.parseInt(to!, 16);
      const width = from!.length;
      const targets = target!.startsWith('[')
        ? [...target!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1]!)
        : null;
      for (let code = start; code <= end; code++) {
        const key = code.toString(16).toUpperCase().padStart(width, '0');
        if (targets) map.set(key, utf16(targets[code - start]!));
        else {
          const base = target!.slice(1, -1);
          const last = Number.parseInt(base.slice(-4), 16) + (code - start);
          map.set(key, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  return map;
}

export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await PDFDocument.load(bytes);
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? document.context.lookup(o) : o);
  const pieces: string[] = [];
  for (const page of document.getPages()) {
    const fontDict = lookup(page.node.Resources()?.get(PDFName.of('Font'))) as PDFDict | undefined;
    const cmaps = new Map<string, { map: Map<string, string>; codeLength: number }>();
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = lookup(ref) as PDFDict;
      const toUnicode = lookup(font.get(PDFName.of('ToUnicode'))) as PDFRawStream | undefined;
      const map = toUnicode
        ? parseToUnicode(streamBytes(toUnicode).toString('latin1'))
        : new Map<string, string>();
      const codeLength = font.get(PDFName.of('Subtype')) === PDFName.of('Type0') ? 4 : 2;
      cmaps.set(name.asString(), { map, codeLength });
    }
    const contents = page.node.Contents();
    const streams = (
      contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))!]
    )
      .map((ref) => lookup(ref) as PDFRawStream)
      .map((s) => streamBytes(s).toString('latin1'))
      .join('\n');
    let current: { map: Map<string, string>; codeLength: number } | undefined;
    for (const op of streams.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (op[1]) current = cmaps.get(op[1]);
      else if (op[2] !== undefined && current) {
        const hex = op[2].toUpperCase();
        let out = '';
        for (let i = 0; i < hex.length; i += current.codeLength)
          out += current.map.get(hex.slice(i, i + current.codeLength)) ?? '\uFFFD';
        pieces.push(out);
      }
    }
  }
  const fonts = document.context
    .enumerateIndirectObjects()
    .map(([, o]) => (o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : null))
    .filter((d): d is PDFDict => d?.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .map((d) => ({
      name: d
        .get(PDFName.of('FontName'))!
        .toString()
        .replace(/^\/(?:[A-Z]{6}\+)?(.*?)(?:-\d+)?$/, '$1'),
      embedded: d.has(PDFName.of('FontFile2')),
    }));
  return { pieces, text: pieces.join(' '), fonts, document };
}
