import { Badge, Box, Group, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { AnchorLink } from '../../../components/ui/link';
import type { BlogPost } from '../content/blog-post.schema';
import { usePageMeta } from '../hooks/use-post-meta';
import { POST_TYPE_LABELS } from '../utils/labels';
import { AuthorBox } from './author-box';
import { BlogImage } from './blog-image';
import { PostCard } from './post-card';
import { PostMetaLine } from './post-meta-line';

type BlogPostArticleProps = { post: BlogPost; related: readonly BlogPost[] };

export function BlogPostArticle({ post, related }: BlogPostArticleProps) {
  usePageMeta({
    title: post.title,
    description: post.seo.metaDescription,
    keywords: post.seo.keywords,
    ogTitle: post.seo.ogTitle,
    ogDescription: post.seo.ogDescription,
    ogImage: post.seo.ogImage,
    ogType: 'article',
  });

  return (
    <Stack gap="xl" py={{ base: 'lg', sm: 'xl' }} maw={820}>
      <Text size="sm">
        <AnchorLink to="/blog">← Wszystkie wpisy</AnchorLink>
      </Text>
      <Box component="article" aria-labelledby="post-title">
        <Stack gap="md">
          <Group gap={6}>
            <AnchorLink to="/blog" search={{ kategoria: post.category }} underline="never">
              <Badge variant="light" style={{ cursor: 'pointer' }}>
                {post.category}
              </Badge>
            </AnchorLink>
            <Badge variant="outline" color="gray">
              {POST_TYPE_LABELS[post.type]}
            </Badge>
          </Group>
          <Title order={1} id="post-title" fz={{ base: 28, sm: 36 }}>
            {post.title}
          </Title>
          <Text size="lg" c="dimmed">
            {post.excerpt}
          </Text>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {post.author.name}
            </Text>
            <PostMetaLine post={post} />
          </Group>
          <BlogImage src={post.image} alt={post.imageAlt} width={1200} height={630} priority />
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: post.html }} />
          </Typography>
          <Group gap={6} component="ul" aria-label="Tagi" style={{ listStyle: 'none', padding: 0 }}>
            {post.tags.map((tag) => (
              <li key={tag}>
                <AnchorLink to="/blog" search={{ tag }} underline="never">
                  <Badge variant="dot" color="gray" style={{ cursor: 'pointer' }}>
                    #{tag}
                  </Badge>
                </AnchorLink>
              </li>
            ))}
          </Group>
          <AuthorBox author={post.author} />
        </Stack>
      </Box>
      {related.length > 0 ? (
        <Stack gap="md" component="section" aria-labelledby="related-title">
          <Title order={2} id="related-title" fz="xl">
            Powiązane wpisy
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="related-posts">
            {related.map((other) => (
              <PostCard key={other.id} post={other} headingLevel={3} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
