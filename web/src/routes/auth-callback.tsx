import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/auth-callback')({
  component: AuthCallbackPage,
});

/** Return point of an external sign-in; the identity issue completes it and navigates on. */
function AuthCallbackPage() {
  return (
    <PlaceholderPage title="Trwa logowanie" description="Za chwilę przeniesiemy Cię dalej.">
      <PageSpinner />
    </PlaceholderPage>
  );
}
