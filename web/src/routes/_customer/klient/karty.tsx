import { createFileRoute } from '@tanstack/react-router';
import { MyCardsPage } from '../../../features/portal/components/my-cards-page';

export const Route = createFileRoute('/_customer/klient/karty')({
  component: MyCardsPage,
});
