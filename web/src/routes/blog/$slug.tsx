import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { BlogPostArticle } from '../../features/blog/components/blog-post-article';
import { relatedPosts } from '../../features/blog/utils/blog-posts';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ params }) => {
    // the posts (HTML included) load as their own chunk, not with the app's entry
    const { getPostBySlug, getPosts } = await import('../../features/blog/api/get-posts');
    const post = getPostBySlug(params.slug);
    if (!post) throw notFound();
    return { post, related: relatedPosts(post, getPosts()) };
  },
  component: BlogPostPage,
  notFoundComponent: NotFoundPage,
});

function BlogPostPage() {
  const { post, related } = Route.useLoaderData();
  return <BlogPostArticle key={post.id} post={post} related={related} />;
}
