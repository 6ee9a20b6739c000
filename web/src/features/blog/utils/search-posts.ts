import type { BlogPost } from '../content/blog-post.schema';

/** SPEC §9: how much a query word found in each field adds to a post's score. */
export const SEARCH_WEIGHTS = { title: 10, excerpt: 5, tags: 3, category: 2, author: 1 } as const;

/** Lower case without Polish diacritics, so „lojalnosciowa” finds „lojalnościowa”. */
export function normalize(text: string): string {
  return text.toLocaleLowerCase('pl-PL').replace(/ł/g, 'l').normalize('NFD').replace(/\p{M}/gu, '');
}

function words(query: string): string[] {
  return [...new Set(normalize(query).split(/[^\p{L}\p{N}]+/u))].filter((word) => word.length > 0);
}

type Searchable = Pick<BlogPost, 'title' | 'excerpt' | 'tags' | 'category' | 'author'>;

/** Sum over the query's words of the weights of the fields containing the word. */
export function scorePost(post: Searchable, query: string): number {
  const title = normalize(post.title);
  const excerpt = normalize(post.excerpt);
  const tags = post.tags.map(normalize);
  const category = normalize(post.category);
  const author = normalize(post.author.name);
  let score = 0;
  for (const word of words(query)) {
    if (title.includes(word)) score += SEARCH_WEIGHTS.title;
    if (excerpt.includes(word)) score += SEARCH_WEIGHTS.excerpt;
    if (tags.some((tag) => tag.includes(word))) score += SEARCH_WEIGHTS.tags;
    if (category.includes(word)) score += SEARCH_WEIGHTS.category;
    if (author.includes(word)) score += SEARCH_WEIGHTS.author;
  }
  return score;
}

/**
 * Posts matching `query`, best score first; equal scores keep the input order (pass them newest first).
 * An empty query returns the posts unchanged.
 */
export function searchPosts<P extends Searchable>(posts: readonly P[], query: string): P[] {
  if (words(query).length === 0) return [...posts];
  return posts
    .map((post, index) => ({ post, index, score: scorePost(post, query) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ post }) => post);
}
