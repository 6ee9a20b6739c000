import { Group, Paper, Stack, Text } from '@mantine/core';
import type { BlogPost } from '../content/blog-post.schema';
import { BlogImage } from './blog-image';

export function AuthorBox({ author }: { author: BlogPost['author'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label="O autorze">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div style={{ width: 64, flexShrink: 0 }}>
          <BlogImage src={author.avatar} alt="" width={64} height={64} radius={32} />
        </div>
        <Stack gap={4}>
          <Text fw={600}>{author.name}</Text>
          <Text size="sm" c="dimmed">
            {author.role}
          </Text>
          <Text size="sm">{author.bio}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
