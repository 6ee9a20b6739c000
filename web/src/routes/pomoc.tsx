import { createFileRoute, useLocation } from '@tanstack/react-router';
import { z } from 'zod';
import { HelpCenter } from '../features/help/components/help-center';
import { textParam } from '../lib/search-params';

/** `/pomoc?szukaj=…`: the search stays in the address, so a filtered list can be shared. */
const HelpSearchParams = z.object({ szukaj: textParam(z.string()).optional().catch(undefined) });

export const Route = createFileRoute('/pomoc')({
  validateSearch: HelpSearchParams,
  component: HelpPage,
});

function HelpPage() {
  const { szukaj = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  return (
    <HelpCenter
      query={szukaj}
      openQuestion={hash || undefined}
      onQueryChange={(query) => void navigate({ search: query ? { szukaj: query } : {}, replace: true })}
    />
  );
}
