import { describe, expect, it } from 'vitest';
import { aBlogPost } from '../testing/a-blog-post';
import { featuredPosts, filterPosts, findPostBySlug, publishedPosts, relatedPosts } from './blog-posts';

const ids = (posts: readonly { id: string }[]) => posts.map((post) => post.id);

describe('blog ordering', () => {
  it('lists published posts newest first and hides drafts', () => {
    const posts = [
      aBlogPost({ id: 'stary', date: '2025-12-01' }),
      aBlogPost({ id: 'nowy', date: '2026-03-20' }),
      aBlogPost({ id: 'szkic', date: '2026-04-01', published: false }),
      aBlogPost({ id: 'sredni', date: '2026-02-24' }),
    ];
    expect(ids(publishedPosts(posts))).toEqual(['nowy', 'sredni', 'stary']);
  });

  it('does not find an unpublished post by slug', () => {
    expect(findPostBySlug([aBlogPost({ id: 'szkic', published: false })], 'szkic')).toBeUndefined();
  });
});

describe('featured posts', () => {
  const posts = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((date, i) =>
    aBlogPost({ id: `polecany-${i + 1}`, date, featured: true }),
  );

  it('shows at most 3 by default, newest first, only featured and published ones', () => {
    const all = [
      ...posts,
      aBlogPost({ id: 'zwykly', date: '2026-05-01' }),
      aBlogPost({ id: 'szkic', date: '2026-05-02', featured: true, published: false }),
    ];
    expect(ids(featuredPosts(all))).toEqual(['polecany-4', 'polecany-3', 'polecany-2']);
  });

  it('takes another count when asked', () => {
    expect(ids(featuredPosts(posts, 1))).toEqual(['polecany-4']);
  });
});

describe('related posts', () => {
  const guide = aBlogPost({ id: 'przewodnik', date: '2026-01-10', category: 'Przewodniki', tags: ['karta'] });
  const sameCategory = aBlogPost({ id: 'ta-sama-kategoria', date: '2026-01-05', category: 'Przewodniki' });
  const sharedTag = aBlogPost({ id: 'wspolny-tag', date: '2026-01-06', tags: ['karta'] });
  const newest = aBlogPost({ id: 'najnowszy', date: '2026-03-01', category: 'Technologia' });
  const draft = aBlogPost({ id: 'szkic', published: false, category: 'Przewodniki' });

  it('puts the explicit relatedPosts first, then the most similar, 3 by default', () => {
    const post = aBlogPost({
      id: 'klient',
      category: 'Przewodniki',
      tags: ['karta'],
      relatedPosts: ['przewodnik'],
    });
    const all = [post, newest, sameCategory, sharedTag, guide, draft];
    expect(ids(relatedPosts(post, all))).toEqual(['przewodnik', 'ta-sama-kategoria', 'wspolny-tag']);
  });

  it('never lists the post itself or a draft, and fills with the newest on a tie', () => {
    const post = aBlogPost({ id: 'klient', category: 'Marketing', tags: ['inne'], relatedPosts: ['szkic'] });
    const all = [post, guide, newest, sharedTag, draft];
    expect(ids(relatedPosts(post, all, 2))).toEqual(['najnowszy', 'przewodnik']);
  });
});

describe('filters', () => {
  const posts = [
    aBlogPost({ id: 'a', category: 'Marketing', type: 'article', tags: ['NPS'] }),
    aBlogPost({ id: 'b', category: 'Przewodniki', type: 'tutorial', tags: ['NPS', 'karta'] }),
    aBlogPost({ id: 'c', category: 'Przewodniki', type: 'article', tags: ['karta'] }),
  ];

  it('narrows by category, type and tag, combined', () => {
    expect(ids(filterPosts(posts, { category: 'Przewodniki' }))).toEqual(['b', 'c']);
    expect(ids(filterPosts(posts, { type: 'article' }))).toEqual(['a', 'c']);
    expect(ids(filterPosts(posts, { tag: 'NPS' }))).toEqual(['a', 'b']);
    expect(ids(filterPosts(posts, { category: 'Przewodniki', tag: 'NPS' }))).toEqual(['b']);
    expect(ids(filterPosts(posts, {}))).toEqual(['a', 'b', 'c']);
  });
});
