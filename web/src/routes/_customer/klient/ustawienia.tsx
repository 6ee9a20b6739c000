import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_customer/klient/ustawienia')({
  component: CustomerSettingsPage,
});

function CustomerSettingsPage() {
  return <PlaceholderPage title="Ustawienia" description="Preferencje powiadomień i ustawienia konta." />;
}
