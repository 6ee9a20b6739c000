import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/ui/link';
import type { BlogPost } from '../content/blog-post.schema';
import { POST_TYPE_LABELS } from '../utils/labels';
import { BlogImage } from './blog-image';
import { PostMetaLine } from './post-meta-line';

type PostCardProps = { post: BlogPost; headingLevel?: 2 | 3 };

export function PostCard({ post, headingLevel = 2 }: PostCardProps) {
  return (
    <Card component="article" withBorder radius="md" padding="md" data-testid="post-card">
      <Card.Section mb="sm">
        <BlogImage src={post.image} alt={post.imageAlt} width={1200} height={630} radius={0} />
      </Card.Section>
      <Stack gap={8}>
        <Group gap={6}>
          <Badge variant="light">{post.category}</Badge>
          <Badge variant="outline" color="gray">
            {POST_TYPE_LABELS[post.type]}
          </Badge>
        </Group>
        <Title order={headingLevel} fz="lg">
          <AnchorLink to="/blog/$slug" params={{ slug: post.slug }} c="inherit">
            {post.title}
          </AnchorLink>
        </Title>
        <Text size="sm">{post.excerpt}</Text>
        <PostMetaLine post={post} />
      </Stack>
    </Card>
  );
}
