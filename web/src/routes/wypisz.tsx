import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnsubscribePage } from '../features/unsubscribe/components/unsubscribe-page';

const searchSchema = z.object({ token: z.string().min(1).max(200).optional().catch(undefined) });

/** /wypisz?token=…: unsubscribing from a company's e-mails by the link in them, without an account. */
export const Route = createFileRoute('/wypisz')({
  validateSearch: searchSchema,
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
