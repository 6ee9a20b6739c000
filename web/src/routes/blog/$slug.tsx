import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../components/ui/link';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export const Route = createFileRoute('/blog/$slug')({
  component: BlogPostPage,
});

function BlogPostPage() {
  const { slug } = Route.useParams();
  return (
    <PlaceholderPage title="Wpis na blogu" description={<>Treść wpisu „{slug}” pojawi się tutaj.</>}>
      <Text>
        <AnchorLink to="/blog">← Wszystkie wpisy</AnchorLink>
      </Text>
    </PlaceholderPage>
  );
}
