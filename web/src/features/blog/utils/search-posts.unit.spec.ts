import { describe, expect, it } from 'vitest';
import { aBlogPost } from '../testing/a-blog-post';
import { SEARCH_WEIGHTS, scorePost, searchPosts } from './search-posts';

const neutral = {
  title: 'Tytuł',
  excerpt: 'Zajawka',
  tags: ['etykieta'],
  category: 'Aktualności' as const,
  author: { name: 'Redakcja', avatar: '', bio: '', role: '' },
};

describe('blog search scoring (SPEC §9)', () => {
  it('weighs a word in the title 10, excerpt 5, tags 3, category 2, author 1', () => {
    expect(SEARCH_WEIGHTS).toEqual({ title: 10, excerpt: 5, tags: 3, category: 2, author: 1 });
    expect(scorePost({ ...neutral, title: 'Portfel w telefonie' }, 'portfel')).toBe(10);
    expect(scorePost({ ...neutral, excerpt: 'O portfelu' }, 'portfel')).toBe(5);
    expect(scorePost({ ...neutral, tags: ['Google Wallet', 'portfel'] }, 'portfel')).toBe(3);
    expect(scorePost({ ...neutral, category: 'Marketing' }, 'marketing')).toBe(2);
    expect(scorePost({ ...neutral, author: { ...neutral.author, name: 'Portfelowa' } }, 'portfel')).toBe(1);
    expect(scorePost(neutral, 'portfel')).toBe(0);
  });

  it('adds up every field and every word of the query', () => {
    const post = {
      ...neutral,
      title: 'Karta w portfelu',
      excerpt: 'Karta zawsze pod ręką',
      tags: ['karta'],
    };
    expect(scorePost(post, 'karta')).toBe(10 + 5 + 3);
    expect(scorePost(post, 'karta portfelu')).toBe(10 + 5 + 3 + 10);
  });

  it('ignores case and Polish diacritics', () => {
    expect(scorePost({ ...neutral, title: 'Karta lojalnościowa' }, 'LOJALNOSCIOWA')).toBe(10);
    expect(scorePost({ ...neutral, title: 'Złote zasady' }, 'zlote')).toBe(10);
  });
});

describe('blog search ranking', () => {
  const byAuthor = aBlogPost({ id: 'autor', author: { ...neutral.author, name: 'Anna Wallet' } });
  const inCategory = aBlogPost({ id: 'kategoria', category: 'Technologia', title: 'Nowości' });
  const inTags = aBlogPost({ id: 'tagi', tags: ['wallet'] });
  const inExcerpt = aBlogPost({ id: 'zajawka', excerpt: 'Jak działa Wallet w telefonie' });
  const inTitle = aBlogPost({ id: 'tytul', title: 'Google Wallet krok po kroku' });

  it('orders matches by weight: title, excerpt, tags, author; drops the rest', () => {
    const result = searchPosts([byAuthor, inCategory, inTags, inExcerpt, inTitle], 'wallet');
    expect(result.map((post) => post.id)).toEqual(['tytul', 'zajawka', 'tagi', 'autor']);
  });

  it('finds by category', () => {
    expect(searchPosts([byAuthor, inCategory], 'technologia').map((post) => post.id)).toEqual(['kategoria']);
  });

  it('a single title match beats excerpt + tags + category + author together (10 > 5+3+1)', () => {
    const everythingButTitle = aBlogPost({
      id: 'wszedzie',
      excerpt: 'punkto',
      tags: ['punkto'],
      author: { ...neutral.author, name: 'Zespół Punkto' },
    });
    const titleOnly = aBlogPost({ id: 'tytul', title: 'Jak Punkto pomaga' });
    expect(searchPosts([everythingButTitle, titleOnly], 'punkto').map((post) => post.id)).toEqual([
      'tytul',
      'wszedzie',
    ]);
  });

  it('keeps the given (newest-first) order on equal scores and returns everything for an empty query', () => {
    const first = aBlogPost({ id: 'pierwszy', title: 'Karta' });
    const second = aBlogPost({ id: 'drugi', title: 'Karta' });
    expect(searchPosts([first, second], 'karta').map((post) => post.id)).toEqual(['pierwszy', 'drugi']);
    expect(searchPosts([first, second], '  ').map((post) => post.id)).toEqual(['pierwszy', 'drugi']);
  });
});
