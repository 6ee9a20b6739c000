import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/uzupelnij-konto')({
  component: CompleteAccountPage,
});

function CompleteAccountPage() {
  return (
    <PlaceholderPage
      title="Uzupełnij konto"
      description="Podaj dane firmy, aby dokończyć konfigurację konta."
    />
  );
}
