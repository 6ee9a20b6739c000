import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/pomoc')({
  component: HelpPage,
});

function HelpPage() {
  return <PlaceholderPage title="Pomoc" description="Odpowiedzi na najczęstsze pytania firm i klientów." />;
}
