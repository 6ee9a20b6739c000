import { describe, expect, it } from 'vitest';
import { FAQ_SECTIONS } from '../content/faq';
import { normalizeForSearch, searchFaq, searchWords, type FaqItem } from './search-faq';

const item = (id: string, question: string, answer: string, keywords?: string[]): FaqItem => ({
  id,
  question,
  answer: [answer],
  ...(keywords && { keywords }),
});

const faq = [
  item('kolor', 'Jaki kolor ma karta?', 'Żółty albo zielony — wybiera firma.'),
  item('offline', 'Czy karta działa bez internetu?', 'Tak, karta jest zapisana w telefonie.'),
  item('dane', 'Kto przetwarza moje dane?', 'Firma i Punkto, zgodnie z prawem.', ['RODO']),
  item('portfel', 'Jak dodać kartę do portfela?', 'Zeskanuj kod QR i dotknij „Dodaj”.'),
];
const ids = (items: FaqItem[]) => items.map((i) => i.id);

describe('normalizeForSearch', () => {
  it('lower-cases and drops every Polish diacritic, ł included', () => {
    expect(normalizeForSearch('ŻÓŁTY Łódź Ćma Ęą Śń Źrebię')).toBe('zolty lodz cma ea sn zrebie');
  });

  it('splits a query into distinct normalised words', () => {
    expect(searchWords('  Karta, karta? bez—internetu ')).toEqual(['karta', 'bez', 'internetu']);
    expect(searchWords(' ,.; ')).toEqual([]);
  });
});

describe('searchFaq', () => {
  it('returns every question, in order, for an empty or blank query', () => {
    expect(ids(searchFaq(faq, ''))).toEqual(['kolor', 'offline', 'dane', 'portfel']);
    expect(ids(searchFaq(faq, '   '))).toEqual(['kolor', 'offline', 'dane', 'portfel']);
  });

  it('ignores case and Polish diacritics in both the query and the text', () => {
    expect(ids(searchFaq(faq, 'zolty'))).toEqual(['kolor']);
    expect(ids(searchFaq(faq, 'ŻÓŁTY'))).toEqual(['kolor']);
    expect(ids(searchFaq(faq, 'dziala'))).toEqual(['offline']);
  });

  it('needs every word of the query, each anywhere in the question, answer or keywords', () => {
    expect(ids(searchFaq(faq, 'karta internetu'))).toEqual(['offline']);
    expect(ids(searchFaq(faq, 'karta rodo'))).toEqual([]);
    expect(ids(searchFaq(faq, 'rodo'))).toEqual(['dane']);
  });

  it('matches parts of words, so an inflected form finds the question', () => {
    expect(ids(searchFaq(faq, 'portf'))).toEqual(['portfel']);
  });

  it('puts questions whose own text matches before those matching only in the answer', () => {
    // „telefonie” is only in an answer; „kart” is in three questions (karta, karta, kartę)
    expect(ids(searchFaq(faq, 'telefonie'))).toEqual(['offline']);
    expect(ids(searchFaq(faq, 'kart'))).toEqual(['kolor', 'offline', 'portfel']);
    const answerFirst = [item('a', 'Pierwsze', 'Mowa o portfelu.'), item('b', 'Portfel', 'Drugie.')];
    expect(ids(searchFaq(answerFirst, 'portfel'))).toEqual(['b', 'a']);
  });

  it('finds nothing for a word no question uses', () => {
    expect(searchFaq(faq, 'hulajnoga')).toEqual([]);
  });
});

describe('the help page FAQ', () => {
  const all = FAQ_SECTIONS.flatMap((section) => section.items);

  it('answers at least 12 questions for owners and customers, each with a unique anchor', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(FAQ_SECTIONS.map((s) => s.items.length).every((n) => n >= 5)).toBe(true);
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    for (const i of all) expect(i.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each([
    ['portfel', 'wallet'],
    ['iPhone', 'telefony'],
    ['pieczątki', 'pieczątki'],
    ['punkty', 'punkty'],
    ['okres próbny', 'okres próbny'],
    ['płatność', 'płatności'],
    ['RODO', 'dane'],
    ['pracownik', 'pracownicy'],
    ['skanowanie', 'skanowanie'],
  ])('finds a question about %s (%s)', (query) => {
    expect(searchFaq(all, query).length).toBeGreaterThan(0);
  });
});
