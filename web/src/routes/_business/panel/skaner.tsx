import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { PermissionGate } from '../../../features/panel/shell/no-access';

export const Route = createFileRoute('/_business/panel/skaner')({
  component: ScannerPage,
});

function ScannerPage() {
  return (
    <PermissionGate permission={Permissions.cardsScan}>
      <PlaceholderPage
        title="Skaner kart — wkrótce"
        description="Tu zeskanujesz kod QR z karty klienta, aby przyznać punkty lub pieczątki i wydać nagrodę."
      />
    </PermissionGate>
  );
}
