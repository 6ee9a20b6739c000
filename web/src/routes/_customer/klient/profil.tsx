import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_customer/klient/profil')({
  component: CustomerProfilePage,
});

function CustomerProfilePage() {
  return <PlaceholderPage title="Mój profil" description="Twoje dane kontaktowe." />;
}
