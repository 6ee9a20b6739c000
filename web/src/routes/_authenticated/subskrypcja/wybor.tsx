import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_authenticated/subskrypcja/wybor')({
  component: ChoosePlanPage,
});

function ChoosePlanPage() {
  return (
    <PlaceholderPage
      title="Wybierz plan"
      description="Porównaj plany i wybierz najlepszy dla swojej firmy."
    />
  );
}
