import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { myCardsQueryOptions } from '../../../features/portal/api/portal';
import { MyCardsPage } from '../../../features/portal/components/my-cards-page';

export const Route = createFileRoute('/_customer/klient/karty')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myCardsQueryOptions()),
  errorComponent: routeLoadError('Moje karty', 'Nie udało się wczytać kart'),
  component: MyCardsPage,
});
