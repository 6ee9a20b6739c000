import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_POST_TYPES } from '../content/blog-post.schema';
import type { BlogIndexQuery } from './blog-posts';

/** `/blog?szukaj=…&kategoria=…&typ=…&tag=…`; an unknown value is dropped rather than failing the page. */
export const BlogSearchParams = z.object({
  szukaj: z.string().optional().catch(undefined),
  kategoria: z.enum(BLOG_CATEGORIES).optional().catch(undefined),
  typ: z.enum(BLOG_POST_TYPES).optional().catch(undefined),
  tag: z.string().optional().catch(undefined),
});
export type BlogSearchParams = z.infer<typeof BlogSearchParams>;

export function toBlogQuery(params: BlogSearchParams): BlogIndexQuery {
  return { q: params.szukaj, category: params.kategoria, type: params.typ, tag: params.tag };
}

export function toSearchParams(query: BlogIndexQuery): BlogSearchParams {
  const params: BlogSearchParams = {
    szukaj: query.q || undefined,
    kategoria: query.category,
    typ: query.type,
    tag: query.tag,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}
