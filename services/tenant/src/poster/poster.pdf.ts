import { embedDejaVuSans, wrap } from '@punkto/platform/files/pdf-fonts';
import { PDFDocument, PDFName, PDFString, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import type { PosterText } from './poster-content';

/**
 * The A4 enrolment poster as a PDF (pdf-lib): brand band with the logo and company name, headline, the QR
 * code of the enrolment link, three numbered steps, the link in text (also a clickable URI link), footer.
 * DejaVu Sans is embedded (subset) so Polish letters render in every viewer.
 */

/** A4 in PDF points (1 pt = 1/72 in) */
export const A4 = { width: 595.28, height: 841.89 } as const;
const CM = 72 / 2.54;
/** the printed QR code (modules only, the white page around it is its quiet zone): 8.5 cm ≥ 8 cm */
export const QR_SIZE_PT = 8.5 * CM;

export interface PosterDesign {
  text: PosterText;
  /** #rrggbb */
  backgroundColor: string;
  foregroundColor: string;
  /** PNG bytes of the logo (the `logo@3x` rendition), if the tenant has one */
  logoPng: Buffer | null;
  createdAt: Date;
}

const hex = (value: string): RGB => {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);

/** The largest size ≤ `size` (down to `min`) at which the text fits `maxWidth`. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, min = 7) {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > maxWidth) s -= 0.5;
  return s;
}

/** The text at the largest size that fits (down to `min`); still too long → shortened with „…”. */
function fitLine(font: PDFFont, text: string, size: number, maxWidth: number, min: number) {
  const fitted = fitSize(font, text, size, maxWidth, min);
  let line = text;
  while (line.length > 1 && font.widthOfTextAtSize(line, fitted) > maxWidth)
    line = `${line.slice(0, -2).trimEnd()}…`;
  return { line, size: fitted };
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: RGB) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
  return width;
}

const MARGIN = 48;
const TEXT_WIDTH = A4.width - 2 * MARGIN;

/** what every part of the poster draws with: the page, the fonts, the card's colours */
interface Canvas {
  pdf: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  background: RGB;
  foreground: RGB;
}

export async function buildPosterPdf(design: PosterDesign): Promise<Uint8Array> {
  const { text } = design;
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedDejaVuSans(pdf);
  describeDocument(pdf, design);
  const canvas: Canvas = {
    pdf,
    page: pdf.addPage([A4.width, A4.height]),
    regular,
    bold,
    background: hex(design.backgroundColor),
    foreground: hex(design.foregroundColor),
  };
  const bandBottom = await drawBrandBand(canvas, text.companyName, design.logoPng);
  let y = drawHeadline(canvas, text, bandBottom - 58);
  y = await drawQrCode(canvas, text.url, y);
  y = drawSteps(canvas, text.steps, y);
  drawLink(canvas, text, y - 6);
  centred(canvas.page, text.footer, 28, regular, 8, MUTED);
  return pdf.save();
}

function describeDocument(pdf: PDFDocument, { text, createdAt }: PosterDesign) {
  pdf.setTitle(`Plakat: ${text.programName}`);
  pdf.setSubject(text.headline);
  pdf.setAuthor(text.companyName);
  pdf.setCreator('Punkto');
  pdf.setProducer('Punkto');
  pdf.setLanguage('pl-PL');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
}

/** brand band: logo (if any) and the company name in the card's colours; returns the band's bottom edge */
async function drawBrandBand(
  { pdf, page, bold, background, foreground }: Canvas,
  name: string,
  logoPng: Buffer | null,
): Promise<number> {
  const bandHeight = logoPng ? 180 : 130;
  const bandBottom = A4.height - bandHeight;
  page.drawRectangle({ x: 0, y: bandBottom, width: A4.width, height: bandHeight, color: background });
  const { line: companyName, size: companySize } = fitLine(bold, name, 26, TEXT_WIDTH, 12);
  if (logoPng) {
    const logo = await pdf.embedPng(logoPng);
    const scaled = logo.scaleToFit(260, 81);
    const logoY = A4.height - 30 - scaled.height;
    page.drawImage(logo, {
      x: (A4.width - scaled.width) / 2,
      y: logoY,
      width: scaled.width,
      height: scaled.height,
    });
    centred(page, companyName, logoY - 18 - companySize * 0.72, bold, companySize, foreground);
  } else {
    // baseline so that the capitals sit in the middle of the band
    centred(
      page,
      companyName,
      bandBottom + bandHeight / 2 - companySize * 0.36,
      bold,
      companySize,
      foreground,
    );
  }
  return bandBottom;
}

/** headline and program from `y` down; returns where the next part starts */
function drawHeadline({ page, regular, bold }: Canvas, text: PosterText, top: number): number {
  let y = top;
  centred(page, text.headline, y, bold, fitSize(bold, text.headline, 30, TEXT_WIDTH, 16), INK);
  y -= 28;
  for (const line of wrap(regular, text.programName, 15, TEXT_WIDTH).slice(0, 2)) {
    centred(page, line, y, regular, 15, MUTED);
    y -= 20;
  }
  return y;
}

/** QR code of the enrolment link, framed in the brand colour; returns where the next part starts */
async function drawQrCode({ pdf, page, background }: Canvas, url: string, y: number): Promise<number> {
  const qr = await pdf.embedPng(
    await QRCode.toBuffer(url, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 0,
      // 8 px per module: sharp module edges when printed at 8.5 cm, small enough to encode quickly
      scale: 8,
      color: { dark: '#000000ff', light: '#ffffffff' },
    }),
  );
  const qrX = (A4.width - QR_SIZE_PT) / 2;
  const qrY = y - 18 - QR_SIZE_PT;
  const pad = 14;
  page.drawRectangle({
    x: qrX - pad,
    y: qrY - pad,
    width: QR_SIZE_PT + 2 * pad,
    height: QR_SIZE_PT + 2 * pad,
    color: rgb(1, 1, 1),
    borderColor: background,
    borderWidth: 3,
  });
  page.drawImage(qr, { x: qrX, y: qrY, width: QR_SIZE_PT, height: QR_SIZE_PT });
  return qrY - pad - 40;
}

/** the numbered steps from `y` down; returns where the next part starts */
function drawSteps(
  { page, regular, bold, background, foreground }: Canvas,
  steps: readonly string[],
  top: number,
) {
  const stepSize = 14;
  const radius = 12;
  const stepX = MARGIN + 40;
  let y = top;
  steps.forEach((step, i) => {
    const cy = y + stepSize / 3;
    page.drawCircle({ x: stepX, y: cy, size: radius, color: background });
    const number = String(i + 1);
    page.drawText(number, {
      x: stepX - bold.widthOfTextAtSize(number, 13) / 2,
      y: cy - 4.5,
      size: 13,
      font: bold,
      color: foreground,
    });
    const lines = wrap(regular, step, stepSize, A4.width - stepX - radius - 14 - MARGIN);
    lines.forEach((line, j) =>
      page.drawText(line, {
        x: stepX + radius + 14,
        y: y - j * 18,
        size: stepSize,
        font: regular,
        color: INK,
      }),
    );
    y -= 18 * lines.length + 16;
  });
  return y;
}

/** the link in text under its label (and clickable in the PDF: a URI link annotation over it) */
function drawLink({ pdf, page, regular }: Canvas, text: PosterText, top: number) {
  centred(page, text.urlLabel, top, regular, 10, MUTED);
  const y = top - 16;
  const urlSize = fitSize(regular, text.url, 10, TEXT_WIDTH, 6);
  const urlWidth = centred(page, text.url, y, regular, urlSize, INK);
  const x1 = (A4.width - urlWidth) / 2;
  const link = pdf.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [x1, y - 3, x1 + urlWidth, y + urlSize],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(text.url) },
  });
  page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
}
