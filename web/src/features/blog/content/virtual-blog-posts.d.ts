/** Generated at build time by the `punkto:blog-posts` plugin of web/vite.config.ts. */
declare module 'virtual:blog-posts' {
  import type { BlogPost } from './blog-post.schema';
  /** Every post under web/content/blog, validated, including unpublished ones. */
  export const posts: readonly BlogPost[];
}
