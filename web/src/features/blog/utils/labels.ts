import type { BlogPostType } from '../content/blog-post.schema';

/** Polish names of the post types of SPEC §3. */
export const POST_TYPE_LABELS: Record<BlogPostType, string> = {
  article: 'Artykuł',
  'case-study': 'Case study',
  portfolio: 'Portfolio',
  tutorial: 'Poradnik',
  announcement: 'Ogłoszenie',
};
