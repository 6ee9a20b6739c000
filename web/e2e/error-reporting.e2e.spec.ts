import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, logIn, ownerWithProgram, type OwnerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { CONSENT_COOKIE } from '../../scripts/testing/cookie-consent';
import type { ReceivedEnvelope } from '../../services/platform/src/testing/sentry-receiver';

// Error reporting in the browser (issue 22, ADR 0024), against the built product whose gateway has a browser
// DSN pointing at a local Sentry-envelope receiver (product.global-setup.ts). Without analytics consent the
// SDK is neither asked for nor downloaded and nothing is sent; with it, a thrown error arrives at the receiver
// through the gateway's tunnel, with the SPEC §9 rates, the role and tenant as tags, and no personal data.

const { newPage, baseUrl } = useBrowser();
const receiverUrl = inject('sentryReceiverUrl');
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

const received = async (): Promise<ReceivedEnvelope[]> =>
  (await (await fetch(`${receiverUrl}/received`)).json()) as ReceivedEnvelope[];

const eventsWith = (envelopes: ReceivedEnvelope[], marker: string) =>
  envelopes.flatMap((envelope) =>
    envelope.items
      .filter((item) => item.header.type === 'event' && JSON.stringify(item.payload).includes(marker))
      .map((item) => ({ envelope, event: item.payload as Record<string, unknown> })),
  );

/** What the SPA asked for that belongs to error reporting: the settings call, the SDK chunk, the tunnel. */
function watchReportingRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/v1/monitoring/') || /\/assets\/sentry-reporter-[^/]+\.js$/.test(url))
      seen.push(url);
  });
  return seen;
}

/** An error thrown outside React, as a failing handler would (window.onerror is what the SDK listens to). */
const throwInPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

async function consentTo(page: Page, analytics: boolean) {
  const value = encodeURIComponent(
    JSON.stringify({ v: 1, necessary: true, functional: false, analytics, marketing: false }),
  );
  await page.context().addCookies([{ name: CONSENT_COOKIE, value, url: baseUrl }]);
}

describe('error reporting in the browser', () => {
  it('without analytics consent asks nothing, loads nothing and sends nothing', async () => {
    const page = await newPage({ viewport: PHONE, consented: false });
    const requests = watchReportingRequests(page);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Pliki cookies' });
    await dialog.getByRole('button', { name: 'Tylko niezbędne' }).click();
    await dialog.waitFor({ state: 'detached' });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL(/\/panel/);
    const marker = `bez-zgody-${Date.now()}`;
    await throwInPage(page, `Błąd testowy ${marker}`);
    await page.waitForTimeout(1_500);
    expect(requests).toEqual([]);
    expect(eventsWith(await received(), marker)).toEqual([]);
  });

  it('with analytics consent, a thrown error arrives through the tunnel with the rates, role and tenant, and no personal data', async () => {
    const page = await newPage({ consented: false });
    await consentTo(page, true);
    const requests = watchReportingRequests(page);
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL(/\/panel/);
    await eventually('the SDK to load after consent', async () =>
      requests.some((url) => url.includes('/assets/sentry-reporter-')) ? true : undefined,
    );
    // the SDK is started once the settings answered; errors before that are not the SDK's to see
    await page.waitForFunction('Boolean(window.__SENTRY__)');
    await page.waitForTimeout(300);

    const marker = `ze-zgoda-${Date.now()}`;
    await throwInPage(page, `Błąd testowy ${marker} dla ${owner.email}, tel. +48 601 234 567`);
    const { envelope, event } = await eventually('the error at the receiver', async () =>
      eventsWith(await received(), marker).at(0),
    );

    // SPEC §6: role and tenant; no user object, no e-mail, no phone
    expect(event['tags']).toMatchObject({ role: 'business_owner', tenantId: owner.tenantId });
    expect(event['user']).toBeUndefined();
    const sent = JSON.stringify(event);
    expect(sent).not.toContain(owner.email);
    expect(sent).not.toContain('601 234 567');
    expect(sent).toContain(`Błąd testowy ${marker} dla [email], tel. [phone]`);
    // SPEC §9 rates: the trace's sampling rate travels in the envelope; replay and tracing are on
    expect(envelope.header.trace).toMatchObject({ sample_rate: '0.5' });
    const integrations = (event['sdk'] as { integrations: string[] }).integrations;
    expect(integrations).toEqual(expect.arrayContaining(['BrowserTracing', 'Replay']));
    // through the gateway (same origin), never to the receiver directly
    expect(requests.some((url) => url.startsWith(`${baseUrl}/api/v1/monitoring/envelope`))).toBe(true);
    expect(requests.every((url) => url.startsWith(baseUrl))).toBe(true);
  });
});
