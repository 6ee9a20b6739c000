import { Box, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTypedBeforeStart } from '../../../lib/form/typed-before-start';
import { PageHeader } from '../../../components/ui/page-header';
import {
  BLOG_CATEGORIES,
  BLOG_POST_TYPES,
  type BlogCategory,
  type BlogPost,
  type BlogPostType,
} from '../content/blog-post.schema';
import { usePageMeta } from '../hooks/use-post-meta';
import { allTags, featuredPosts, filterPosts, type BlogIndexQuery } from '../utils/blog-posts';
import { POST_TYPE_LABELS } from '../utils/labels';
import { searchPosts } from '../utils/search-posts';
import { PostCard } from './post-card';

type BlogIndexProps = {
  /** Published posts, newest first. */
  posts: readonly BlogPost[];
  query: BlogIndexQuery;
  onQueryChange: (query: BlogIndexQuery) => void;
};

const DESCRIPTION = 'Porady i nowości o programach lojalnościowych dla małych firm i ich klientów.';

export function BlogIndex({ posts, query, onQueryChange }: BlogIndexProps) {
  // the page is rendered at build time: a search typed before the app started is kept
  const searchRef = useTypedBeforeStart<HTMLInputElement>();
  usePageMeta({ title: 'Blog', description: DESCRIPTION });
  const { q = '', category, type, tag } = query;
  const results = useMemo(
    () => searchPosts(filterPosts(posts, { category, type, tag }), q),
    [posts, q, category, type, tag],
  );
  const featured = useMemo(() => featuredPosts(posts), [posts]);
  const tags = useMemo(() => allTags(posts), [posts]);
  const narrowed = q.trim() !== '' || Boolean(category || type || tag);
  const set = (patch: Partial<BlogIndexQuery>) => onQueryChange({ ...query, ...patch });

  return (
    <Stack gap="xl" py={{ base: 'lg', sm: 'xl' }}>
      <PageHeader title="Blog" description={DESCRIPTION} />

      <Box
        component="form"
        role="search"
        aria-label="Szukaj i filtruj wpisy"
        onSubmit={(event) => event.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            type="search"
            label="Szukaj"
            placeholder="np. portfel, nagrody"
            ref={searchRef}
            value={q}
            onChange={(event) => set({ q: event.currentTarget.value || undefined })}
          />
          <Select
            label="Kategoria"
            placeholder="Wszystkie"
            clearable
            data={[...BLOG_CATEGORIES]}
            value={category ?? null}
            onChange={(value) => set({ category: (value as BlogCategory | null) ?? undefined })}
          />
          <Select
            label="Rodzaj"
            placeholder="Wszystkie"
            clearable
            data={BLOG_POST_TYPES.map((value) => ({ value, label: POST_TYPE_LABELS[value] }))}
            value={type ?? null}
            onChange={(value) => set({ type: (value as BlogPostType | null) ?? undefined })}
          />
          <Select
            label="Tag"
            placeholder="Wszystkie"
            clearable
            searchable
            data={tags}
            value={tag ?? null}
            onChange={(value) => set({ tag: value ?? undefined })}
          />
        </SimpleGrid>
      </Box>

      {!narrowed && featured.length > 0 ? (
        <Stack gap="md" component="section" aria-labelledby="blog-featured">
          <Title order={2} id="blog-featured" fz="xl">
            Polecane
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="featured-posts">
            {featured.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={3} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}

      <Stack gap="md" component="section" aria-labelledby="blog-all">
        <Group justify="space-between" align="baseline">
          <Title order={2} id="blog-all" fz="xl">
            {narrowed ? 'Wyniki' : 'Wszystkie wpisy'}
          </Title>
          <Text c="dimmed" size="sm" role="status">
            {resultCountLabel(results.length)}
          </Text>
        </Group>
        {results.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="post-list">
            {results.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={3} />
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>Nie znaleźliśmy wpisów pasujących do wyszukiwania.</Text>
            <Button variant="default" onClick={() => onQueryChange({})}>
              Wyczyść filtry
            </Button>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** Polish plural: 1 wpis, 2–4 wpisy, 5+ wpisów (12–14 wpisów). */
function resultCountLabel(count: number): string {
  const rules = new Intl.PluralRules('pl-PL');
  const word = { one: 'wpis', few: 'wpisy', many: 'wpisów', other: 'wpisu', zero: 'wpisów', two: 'wpisy' }[
    rules.select(count)
  ];
  return `${count} ${word}`;
}
