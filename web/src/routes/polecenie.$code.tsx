import { createFileRoute } from '@tanstack/react-router';
import { ReferralLanding } from '../features/join/components/referral-landing';

/** A customer's invite link, `/polecenie/<code>` (ADR 0061): resolved, kept, then the program's join page. */
export const Route = createFileRoute('/polecenie/$code')({
  component: ReferralRoute,
});

function ReferralRoute() {
  const { code } = Route.useParams();
  return <ReferralLanding key={code} code={code.trim().toLowerCase()} />;
}
