import type { BlogCategory, BlogPost, BlogPostType } from '../content/blog-post.schema';

/** SPEC §2: featured and related lists show 3 posts unless told otherwise. */
export const DEFAULT_FEATURED_COUNT = 3;
export const DEFAULT_RELATED_COUNT = 3;

type Dated = Pick<BlogPost, 'date' | 'slug'>;

/** Newest first (SPEC §2); posts of the same day keep a stable order by slug. */
export function byDateDesc(a: Dated, b: Dated): number {
  return b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
}

/** The posts a visitor may see, newest first. */
export function publishedPosts<P extends BlogPost>(posts: readonly P[]): P[] {
  return posts.filter((post) => post.published).sort(byDateDesc);
}

export function featuredPosts<P extends BlogPost>(posts: readonly P[], count = DEFAULT_FEATURED_COUNT): P[] {
  return publishedPosts(posts)
    .filter((post) => post.featured)
    .slice(0, count);
}

/**
 * Related posts of `post`: its explicit `relatedPosts` first (in their order), then the other published
 * posts by how much they have in common (same category 2, each shared tag 1, same type 1), newest first
 * on a tie.
 */
export function relatedPosts<P extends BlogPost>(
  post: BlogPost,
  posts: readonly P[],
  count = DEFAULT_RELATED_COUNT,
): P[] {
  const candidates = publishedPosts(posts).filter((other) => other.id !== post.id);
  const explicit = post.relatedPosts
    .map((id) => candidates.find((other) => other.id === id))
    .filter((other): other is P => other !== undefined);
  const affinity = (other: BlogPost) =>
    (other.category === post.category ? 2 : 0) +
    (other.type === post.type ? 1 : 0) +
    other.tags.filter((tag) => post.tags.includes(tag)).length;
  const rest = candidates
    .filter((other) => !explicit.includes(other))
    .map((other) => ({ other, score: affinity(other) }))
    .sort((a, b) => b.score - a.score || byDateDesc(a.other, b.other))
    .map(({ other }) => other);
  return [...explicit, ...rest].slice(0, count);
}

export type BlogFilters = { category?: BlogCategory; type?: BlogPostType; tag?: string };

/** What the index shows: filters plus a free-text search. */
export type BlogIndexQuery = BlogFilters & { q?: string };

export function filterPosts<P extends BlogPost>(posts: readonly P[], filters: BlogFilters): P[] {
  return posts.filter(
    (post) =>
      (!filters.category || post.category === filters.category) &&
      (!filters.type || post.type === filters.type) &&
      (!filters.tag || post.tags.includes(filters.tag)),
  );
}

/** Every tag in use, alphabetically (Polish collation). */
export function allTags(posts: readonly BlogPost[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b, 'pl'));
}

export function findPostBySlug<P extends BlogPost>(posts: readonly P[], slug: string): P | undefined {
  return posts.find((post) => post.published && post.slug === slug);
}
