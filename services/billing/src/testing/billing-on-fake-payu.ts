import { freePort } from '@punkto/platform/testing/free-port';
import { FakePayu } from './fake-payu';
import { startBilling, type BillingTestApp } from './billing-test-app';

/**
 * Billing with the PayU adapter against the local fake PayU (speaking PayU's protocol), listening on a port of its
 * own so the fake can POST its notifications to `/api/v1/payments/notify`.
 */
export async function startBillingOnFakePayu(): Promise<{
  t: BillingTestApp;
  fake: FakePayu;
  port: number;
  close: () => Promise<void>;
}> {
  const fake = await FakePayu.start();
  const port = await freePort();
  const { baseUrl, posId, secondKey, clientId, clientSecret } = fake.config;
  const t = await startBilling({
    PAYMENT_PROVIDER: 'payu',
    PAYU_BASE_URL: baseUrl,
    PAYU_POS_ID: posId,
    PAYU_SECOND_KEY: secondKey,
    PAYU_CLIENT_ID: clientId,
    PAYU_CLIENT_SECRET: clientSecret,
    PAYMENT_NOTIFY_URL: `http://127.0.0.1:${port}/api/v1/payments/notify`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const close = async () => {
    // the fake's notifications came over keep-alive connections: closed, so the server stops at once
    t.app.server.closeAllConnections();
    await fake.close();
    await t.close();
  };
  return { t, fake, port, close };
}
