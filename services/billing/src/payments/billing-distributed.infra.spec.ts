import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import { withInfra } from '@punkto/platform/testing/infra-env';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayRoutes } from '../app';
import { startBilling, type BillingTestApp } from '../testing/billing-test-app';
import { SANDBOX_CARDS, SANDBOX_NOTIFY_JOB } from './sandbox-orders';

/**
 * The billing service on the distributed mode's document store: payments, subscriptions, invoices (the
 * numbers' unique `_id`s, the unique payment index), saved cards on the MongoDB wire protocol. A purchase with
 * the sandbox, a notification replayed, and 20 payments of one company at once numbered without gaps.
 */
withInfra('MONGODB_URL', 'billing on MongoDB-wire', (mongoUrl) => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBilling({
      DOCUMENT_STORE_ADAPTER: 'mongodb',
      MONGODB_URL: mongoUrl,
    });
  }, 120_000);
  afterAll(async () => t?.close());

  describe('billing on MongoDB-wire', () => {
    it('a sandbox purchase, a replayed notification booked once, 20 concurrent payments numbered without gaps', async () => {
      t.setNow(new Date().toISOString());
      const buy = async () => {
        const { tenantId, token } = await t.tenant();
        const res = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
          tenantId,
          planId: 'extended',
          isForYear: true,
        });
        expect(res.statusCode, res.body).toBe(201);
        const { redirectUri, paymentId } = res.json() as { redirectUri: string; paymentId: string };
        expect((await t.payInCheckout(redirectUri, SANDBOX_CARDS.success)).statusCode).toBe(303);
        return { tenantId, token, paymentId };
      };
      const first = await buy();
      await t.runDueJobs();
      const sent = t.notifications.find((n) => n.body.includes(first.paymentId))!;
      for (let i = 0; i < 3; i++)
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/v1/payments/notify',
              payload: sent.body,
              headers: sent.headers,
            })
          ).statusCode,
        ).toBe(200);
      expect(
        (await t.call(first.token, 'GET', `/api/v1/tenants/${first.tenantId}/tenant-subscription`)).json(),
      ).toMatchObject({ status: 'active', planId: 'extended' });
      const invoices = (await t.call(first.token, 'GET', `/api/v1/invoices/all/${first.tenantId}`)).json()
        .items;
      expect(invoices).toEqual([
        expect.objectContaining({ grossGrosze: 38400, netGrosze: 31220, vatGrosze: 7180 }),
      ]);

      // 20 payments of one company completed at once: 20 consecutive numbers of its own series (ADR 0026,
      // issue 36), the series' counter and the numbers' unique `_id`s on the MongoDB wire protocol
      const payer = await t.tenant();
      const completions = [];
      for (let i = 0; i < 20; i++) {
        const known = new Set(t.pendingJobs().map((j) => j.id));
        const res = await t.call(payer.token, 'POST', '/api/v1/payments/initiate-payment', {
          tenantId: payer.tenantId,
          planId: 'basic',
          isForYear: false,
        });
        expect(res.statusCode, res.body).toBe(201);
        const { redirectUri } = res.json() as { redirectUri: string };
        expect((await t.payInCheckout(redirectUri, SANDBOX_CARDS.success)).statusCode).toBe(303);
        // one open order per company, a superseded one cancelled at the provider (ADR 0039, 0055): the slot is
        // emptied by hand once the payer has paid, as the booking would, to race many invoices of one company
        await t.infra.documents.collection('open_orders').delete(payer.tenantId);
        const job = t.pendingJobs().find((j) => j.type === SANDBOX_NOTIFY_JOB && !known.has(j.id))!;
        completions.push(() => t.built.jobs[SANDBOX_NOTIFY_JOB]!(job, { attempt: 1 }));
      }
      await Promise.all(completions.map((complete) => complete()));
      const numbers = (
        (await t.call(payer.token, 'GET', `/api/v1/invoices/all/${payer.tenantId}`)).json().items as Array<{
          number: string;
        }>
      ).map((i) => i.number);
      expect(new Set(numbers.map((n) => n.split('/')[1])).size).toBe(1);
      expect(numbers.map((n) => Number(n.split('/')[3])).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      // the first company's series is another one
      expect(invoices[0].number.split('/')[1]).not.toBe(numbers[0]!.split('/')[1]);
    }, 180_000);
  });
});

withInfra('KAFKA_BROKERS', 'billing publishes the entitlement on Kafka', (brokers) =>
  withInfra('MONGODB_URL', 'billing publishes the entitlement on Kafka', (mongoUrl) => {
    let t: BillingTestApp;
    let relay: EventRelay | undefined;
    let consumer: Consumer | undefined;
    beforeAll(async () => {
      t = await startBilling({
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        MONGODB_URL: mongoUrl,
        BUS_ADAPTER: 'kafka',
        KAFKA_BROKERS: brokers,
      });
    }, 120_000);
    afterAll(async () => {
      await consumer?.stop();
      await relay?.stop();
      await t?.close();
    });

    describe('billing publishes the entitlement on Kafka', () => {
      it('a payment: its relay publishes SubscriptionActivated with the plan’s limit on billing.subscriptions.v1', async () => {
        const seen: { type: string; data: { tenantId: string; entitlement: { customerLimit: number } } }[] =
          [];
        consumer = await t.infra.bus.subscribe({
          groupId: `billing-infra-${randomUUID()}`,
          topics: [Topics.billingSubscriptions],
          handler: async (message) => {
            seen.push(message.value as (typeof seen)[number]);
          },
        });
        relay = startEventRelay({
          eventStore: t.infra.eventStore,
          bus: t.infra.bus,
          checkpoints: t.infra.checkpoints,
          routes: relayRoutes,
          logger: createLogger('billing', 'silent'),
          name: `relay-${randomUUID()}`,
        });
        t.setNow(new Date().toISOString());
        const { tenantId, token } = await t.tenant();
        const res = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
          tenantId,
          planId: 'basic',
          isForYear: false,
        });
        await t.payInCheckout((res.json() as { redirectUri: string }).redirectUri, SANDBOX_CARDS.success);
        await t.runDueJobs();
        await expect
          .poll(() => seen.filter((e) => e.data.tenantId === tenantId).map((e) => e.type), {
            timeout: 60_000,
          })
          .toEqual(['TrialStarted', 'SubscriptionActivated']);
        expect(
          seen.find((e) => e.data.tenantId === tenantId && e.type === 'SubscriptionActivated'),
        ).toMatchObject({
          data: { entitlement: { customerLimit: 100, status: 'active', writable: true } },
        });
      }, 120_000);
    });
  }),
);
