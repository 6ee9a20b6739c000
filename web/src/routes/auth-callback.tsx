import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { PageSpinner } from '../components/ui/page-spinner';
import { NarrowPage } from '../components/ui/narrow-page';
import { authStore } from '../features/auth/stores/auth-store-instance';
import { afterLoginPath } from '../features/auth/utils/guards';

const searchSchema = z.object({
  redirect: z.string().startsWith('/').optional().catch(undefined),
});

export const Route = createFileRoute('/auth-callback')({
  validateSearch: searchSchema,
  component: AuthCallbackPage,
});

/** Return point of a sign-in that went through a redirect: reload the profile, then go to the role's area. */
function AuthCallbackPage() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    void authStore.loadProfile().then((user) => {
      if (cancelled) return;
      if (user) void navigate({ to: afterLoginPath(user, redirect), replace: true });
      else void navigate({ to: '/zaloguj', search: redirect ? { redirect } : {}, replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, redirect]);

  return (
    <NarrowPage title="Trwa logowanie" description="Za chwilę przeniesiemy Cię dalej.">
      <PageSpinner />
    </NarrowPage>
  );
}
