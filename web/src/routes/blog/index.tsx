import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export const Route = createFileRoute('/blog/')({
  component: BlogIndexPage,
});

function BlogIndexPage() {
  return (
    <PlaceholderPage
      title="Blog"
      description="Porady i nowości o programach lojalnościowych dla małych firm."
    />
  );
}
