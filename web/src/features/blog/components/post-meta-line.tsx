import { Group, Text } from '@mantine/core';
import type { BlogPost } from '../content/blog-post.schema';
import { formatPostDate, formatReadTime } from '../utils/format-post';

export function PostMetaLine({ post }: { post: Pick<BlogPost, 'date' | 'readTime'> }) {
  return (
    <Group gap={6} c="dimmed" fz="sm" wrap="wrap">
      <Text component="time" dateTime={post.date} inherit data-testid="post-date">
        {formatPostDate(post.date)}
      </Text>
      <Text inherit aria-hidden>
        ·
      </Text>
      <Text inherit data-testid="post-read-time">
        {formatReadTime(post.readTime)}
      </Text>
    </Group>
  );
}
