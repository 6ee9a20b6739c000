import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/portal/components/messages-page';

export const Route = createFileRoute('/_customer/klient/wiadomosci')({
  component: MessagesPage,
});
