import { createFileRoute } from '@tanstack/react-router';
import { BlogIndex } from '../../features/blog/components/blog-index';
import { BlogSearchParams, toBlogQuery, toSearchParams } from '../../features/blog/utils/blog-search';

export const Route = createFileRoute('/blog/')({
  validateSearch: BlogSearchParams,
  // the posts (HTML included) load as their own chunk, not with the app's entry
  loader: async () => (await import('../../features/blog/api/get-posts')).getPosts(),
  component: BlogIndexPage,
});

function BlogIndexPage() {
  const posts = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BlogIndex
      posts={posts}
      query={toBlogQuery(search)}
      onQueryChange={(query) => void navigate({ search: toSearchParams(query), replace: true })}
    />
  );
}
