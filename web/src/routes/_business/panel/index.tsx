import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_business/panel/')({
  component: PanelHomePage,
});

function PanelHomePage() {
  return (
    <PlaceholderPage
      title="Panel firmy"
      description="Tu zobaczysz podsumowanie programu lojalnościowego i aktywność klientów."
    />
  );
}
