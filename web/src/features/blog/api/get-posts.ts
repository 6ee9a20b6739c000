import { posts } from 'virtual:blog-posts';
import type { BlogPost } from '../content/blog-post.schema';
import { findPostBySlug, publishedPosts } from '../utils/blog-posts';

/** The blog is static: posts are compiled into the bundle at build time (web/vite.config.ts). */
const visible = publishedPosts(posts);

/** Published posts, newest first. */
export function getPosts(): readonly BlogPost[] {
  return visible;
}

export function getPostBySlug(slug: string): BlogPost | undefined {
  return findPostBySlug(visible, slug);
}
