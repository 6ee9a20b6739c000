import { MantineProvider } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { authStore } from './features/auth/stores/auth-store-instance';
import { CookieConsentPanel } from './features/cookie-consent/components/cookie-consent-dialog';
import { NECESSARY_ONLY } from './features/cookie-consent/utils/consent-cookie';

/**
 * Build-time rendering of a public page (web/vite.config.ts, `prerender`): the HTML a first-time visitor
 * sees before any JavaScript runs — nobody is signed in (there is no session-hint cookie, so the auth store
 * settles as unauthenticated without a call) and no consent is stored. main.tsx then starts the app over it.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createAppQueryClient();
  const router = createAppRouter(queryClient, authStore, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<App queryClient={queryClient} router={router} />);
}

/**
 * Every route path of the app as its router declares it (`/panel/klienci/$clientId`): the build lists them
 * (dist/routes.json) so the gateway answers HTTP 404 for a path the app has no page for.
 */
export function appRoutePaths(): string[] {
  const router = createAppRouter(createAppQueryClient(), authStore, createMemoryHistory());
  return Object.keys(router.routesByPath);
}

/**
 * The route paths under each layout whose guard sends a visitor without a session to the login page
 * (`_business.tsx`, `_customer.tsx`, `_authenticated.tsx`): the build lists them (dist/routes.json) so the
 * gateway sends such a visitor there at once, as the guard would once the app had loaded (ADR 0063).
 */
export function signedInAreaPaths(): Record<'business' | 'customer' | 'authenticated', string[]> {
  const router = createAppRouter(createAppQueryClient(), authStore, createMemoryHistory());
  const areas = { business: [] as string[], customer: [] as string[], authenticated: [] as string[] };
  for (const [id, route] of Object.entries(router.routesById)) {
    const area = /^\/_(business|customer|authenticated)\//.exec(id)?.[1] as keyof typeof areas | undefined;
    if (area) areas[area].push(route.fullPath);
  }
  return areas;
}

/**
 * The cookie consent dialog's markup for a page that shows it before the app has started (start-when-needed.ts
 * serves it from a `<template>`): the app's own component, with nothing chosen yet. The page's stylesheet and
 * its theme variables are already there, so the provider adds none; ids get a prefix of their own.
 */
export function renderConsentDialog(): string {
  const ignore = () => {};
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <CookieConsentPanel choice={NECESSARY_ONLY} onChange={ignore} onSave={ignore} />
    </MantineProvider>,
    { identifierPrefix: 'cookie-consent-' },
  );
}
