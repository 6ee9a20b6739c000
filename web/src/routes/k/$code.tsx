import { createFileRoute } from '@tanstack/react-router';
import { ShortLinkPage } from '../../features/join/components/short-link-page';

/** The short enrolment link printed on the poster, `/k/AB3D9` (ADR 0014): resolved, then the enrolment page. */
export const Route = createFileRoute('/k/$code')({
  component: ShortLinkRoute,
});

function ShortLinkRoute() {
  const { code } = Route.useParams();
  return <ShortLinkPage key={code} typed={code} />;
}
