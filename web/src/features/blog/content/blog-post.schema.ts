import { z } from 'zod';

/** SPEC §3: the blog's categories and post types, in the order the filters show them. */
export const BLOG_CATEGORIES = [
  'Aktualności',
  'Przewodniki',
  'Case Studies',
  'Portfolio',
  'Marketing',
  'Technologia',
  'Dla partnerów',
] as const;

export const BLOG_POST_TYPES = ['article', 'case-study', 'portfolio', 'tutorial', 'announcement'] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export type BlogPostType = (typeof BLOG_POST_TYPES)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'małe litery, cyfry i myślniki');
const text = z.string().trim().min(1);

/** YAML turns an unquoted `2026-03-10` into a Date; either way the post carries `YYYY-MM-DD`. */
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date(),
);

/**
 * Front matter of a post (SPEC §3) — every field is required so a post cannot silently lose its SEO or
 * author box. `image`, `author.avatar` and `seo.ogImage` are paths relative to the Markdown file.
 */
export const BlogPostFrontMatter = z.strictObject({
  id: slug,
  slug,
  title: text,
  excerpt: text,
  date: isoDate,
  published: z.boolean(),
  featured: z.boolean(),
  category: z.enum(BLOG_CATEGORIES),
  type: z.enum(BLOG_POST_TYPES),
  tags: z.array(text).min(1),
  image: text,
  imageAlt: text,
  author: z.strictObject({ name: text, avatar: text, bio: text, role: text }),
  readTime: z.number().int().positive(),
  seo: z.strictObject({
    metaDescription: text.max(170),
    keywords: z.array(text).min(1),
    ogTitle: text,
    ogDescription: text,
    ogImage: text,
  }),
  relatedPosts: z.array(slug),
});
export type BlogPostFrontMatter = z.infer<typeof BlogPostFrontMatter>;

/** A post as the client receives it: front matter with asset URLs, plus the article rendered to HTML. */
export type BlogPost = BlogPostFrontMatter & { html: string };
