import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/regulamin')({
  component: TermsPage,
});

function TermsPage() {
  return <PlaceholderPage title="Regulamin" description="Zasady korzystania z serwisu Punkto." />;
}
