import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useAuth } from '../features/auth/hooks/use-auth';
import { JoinPage } from '../features/join/components/join-page';
import { textParam } from '../lib/search-params';

/** An id from the query string. */
const Id = textParam(z.string().min(1).max(64)).optional().catch(undefined);

const searchSchema = z.object({
  /** the program's id (from the enrolment link / the poster's QR code) */
  program: Id,
  /** the company's (tenant's) id */
  firma: Id,
});

/** SPEC §2 "add card to wallet": the public enrolment page. */
export const Route = createFileRoute('/dodaj-karte-do-portfela')({
  validateSearch: searchSchema,
  component: AddToWalletPage,
});

function AddToWalletPage() {
  const { program, firma } = Route.useSearch();
  const { user } = useAuth();
  return <JoinPage programId={program} tenantId={firma} user={user} />;
}
