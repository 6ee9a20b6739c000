/** One question of the help page's FAQ. */
export type FaqItem = {
  /** stable anchor, e.g. `karta-bez-internetu` (`/pomoc#karta-bez-internetu`) */
  id: string;
  question: string;
  /** paragraphs of the answer */
  answer: readonly string[];
  /** extra words people search for that the text does not use (e.g. „RODO”, „abonament”) */
  keywords?: readonly string[];
};

/** Lower case without Polish diacritics, so „zolty” finds „żółty” and „LOJALNOSC” finds „lojalność”. */
export function normalizeForSearch(text: string): string {
  return text.toLocaleLowerCase('pl-PL').replace(/ł/g, 'l').normalize('NFD').replace(/\p{M}/gu, '');
}

/** The query's distinct words, normalised; punctuation separates words. */
export function searchWords(query: string): string[] {
  return [...new Set(normalizeForSearch(query).split(/[^\p{L}\p{N}]+/u))].filter((word) => word.length > 0);
}

/**
 * The questions containing every word of `query` (as a word or part of one) in the question, the answer or
 * the keywords — case- and diacritics-insensitive. Questions whose own text matches every word come first;
 * otherwise the FAQ's order is kept. An empty query returns every question.
 */
export function searchFaq<T extends FaqItem>(items: readonly T[], query: string): T[] {
  const words = searchWords(query);
  if (words.length === 0) return [...items];
  const inQuestion: T[] = [];
  const elsewhere: T[] = [];
  for (const item of items) {
    const question = normalizeForSearch(item.question);
    const all = normalizeForSearch([item.question, ...item.answer, ...(item.keywords ?? [])].join('\n'));
    if (!words.every((word) => all.includes(word))) continue;
    (words.every((word) => question.includes(word)) ? inQuestion : elsewhere).push(item);
  }
  return [...inQuestion, ...elsewhere];
}
