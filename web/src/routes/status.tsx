import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/status')({
  component: StatusPage,
});

function StatusPage() {
  return <PlaceholderPage title="Status usług" description="Bieżąca dostępność usług Punkto." />;
}
