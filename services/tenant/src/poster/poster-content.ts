import type { ProgramKind } from '@punkto/contracts/programs';

/**
 * What the A4 enrolment poster SAYS, as a pure function (the PDF itself is drawn by poster.pdf.ts). Kept
 * apart so the wording is testable without reading text back out of a PDF.
 */
export interface PosterInput {
  companyName: string;
  programName: string;
  kind: ProgramKind;
  enrolmentUrl: string;
}

export interface PosterText {
  companyName: string;
  headline: string;
  programName: string;
  /** numbered in this order on the poster */
  steps: [string, string, string];
  /** printed under the steps, for those who prefer typing */
  urlLabel: string;
  url: string;
  footer: string;
}

export const PosterHeadlines: Record<ProgramKind, string> = {
  points: 'Zbieraj punkty w telefonie!',
  stamps: 'Zbieraj pieczątki w telefonie!',
  tiers: 'Zbieraj punkty w telefonie!',
};

export const PosterSteps: PosterText['steps'] = [
  'Zeskanuj kod aparatem telefonu.',
  'Załóż konto lub zaloguj się.',
  'Dodaj kartę do Apple Wallet lub Google Wallet.',
];

export function posterText(input: PosterInput): PosterText {
  return {
    companyName: input.companyName.trim(),
    headline: PosterHeadlines[input.kind],
    programName: `Program lojalnościowy „${input.programName.trim()}”`,
    steps: PosterSteps,
    urlLabel: 'Nie działa skanowanie? Wpisz adres:',
    url: input.enrolmentUrl,
    footer: 'Karta lojalnościowa w telefonie · Punkto',
  };
}

const POLISH: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
};

/** ASCII slug for file names: „Kawa za 10 pieczątek!” → `kawa-za-10-pieczatek`. */
export function slugify(text: string): string {
  const slug = text
    .toLocaleLowerCase('pl-PL')
    .replace(/[ąćęłńóśźż]/g, (c) => POLISH[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'program';
}

export const posterFileName = (programName: string) => `plakat-${slugify(programName)}.pdf`;
