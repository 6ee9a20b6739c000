import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NotificationRejected,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderOrderStatus,
  type RenewalChargeRequest,
} from '../payments/payment-provider.port';

/**
 * THE contract every PaymentProvider adapter passes (sandbox, PayU + its local fake). Only the port is
 * used, plus a small "payer" driver: what a person does in the provider's browser pages, and what the
 * issuer decides. Notifications travel over HTTP: the suite runs its own receiver and passes its URL as
 * `notifyUrl`; the provider must POST there (raw body + headers are kept, then verified with
 * `parseNotification`, exactly as the billing route will do).
 */
export interface PayerDriver {
  /** what the provider's browser card form gives for a valid card (PayU: a single-use `TOK_…`) */
  tokenizeCard(): Promise<string>;
  /**
   * the payer at `checkout.redirectUri` (hosted page or 3-D Secure) pays; no-op for `accepted`; rejects when
   * the provider refuses the payment (an order no longer payable)
   */
  pay(checkout: CheckoutResult): Promise<void>;
  /** the payer at `checkout.redirectUri` abandons the payment */
  cancel(checkout: CheckoutResult): Promise<void>;
  /** from now on the issuer declines every charge of this saved card (expired, blocked, no funds) */
  declineSavedCard(savedCardToken: string): Promise<void>;
}

export interface PaymentProviderHarness {
  provider: PaymentProvider;
  payer: PayerDriver;
  close(): Promise<void>;
}

interface Received {
  rawBody: Buffer;
  headers: Record<string, string | undefined>;
}

const WAIT_MS = 10_000;

export function paymentProviderContract(
  adapterName: string,
  harness: () => Promise<PaymentProviderHarness>,
): void {
  describe(`PaymentProvider contract: ${adapterName}`, () => {
    let receiver: Server;
    let notifyUrl: string;
    const received: Received[] = [];
    let h: PaymentProviderHarness;

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const headers: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(',') : v;
          received.push({ rawBody: Buffer.concat(chunks), headers });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/notifications`;
    });
    afterAll(async () => {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    beforeEach(async () => {
      received.length = 0;
      h = await harness();
    });
    afterEach(async () => h.close());

    const buyer = {
      email: 'wlasciciel@kawiarnia.example',
      name: 'Kawiarnia Pod Lipą',
      language: 'pl' as const,
    };
    const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
      paymentId: randomUUID(),
      tenantId: randomUUID(),
      description: 'Punkto — plan Rozszerzony, rok',
      amountGrosze: 38400,
      currency: 'PLN',
      buyer,
      customerIp: '203.0.113.7',
      continueUrl: 'https://punkto.example/subskrypcja/sukces',
      notifyUrl,
      ...overrides,
    });
    const renewalRequest = (
      cardToken: string,
      overrides: Partial<RenewalChargeRequest> = {},
    ): RenewalChargeRequest => ({
      paymentId: randomUUID(),
      tenantId: randomUUID(),
      description: 'Punkto — plan Podstawowy, miesiąc',
      amountGrosze: 3000,
      currency: 'PLN',
      buyer,
      cardToken,
      notifyUrl,
      customerIp: '203.0.113.7',
      ...overrides,
    });

    /** the verified notifications of one payment so far, and why the others were rejected */
    const rejections = new Set<string>();
    const notificationsOf = (paymentId: string) =>
      received
        .flatMap((r) => {
          try {
            return [{ raw: r, parsed: h.provider.parseNotification(r.rawBody, r.headers) }];
          } catch (error) {
            rejections.add(String(error));
            return [];
          }
        })
        .filter((n) => n.parsed.paymentId === paymentId);

    const waitForNotification = async (paymentId: string, statuses: ProviderOrderStatus[]) => {
      const deadline = Date.now() + WAIT_MS;
      while (Date.now() < deadline) {
        const found = notificationsOf(paymentId).find((n) => statuses.includes(n.parsed.status));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(
        `no ${statuses.join('/')} notification for ${paymentId} within ${WAIT_MS} ms` +
          ` (received ${received.length}; rejected: ${[...rejections].join(' | ') || 'none'})`,
      );
    };

    /** checkout with a new card, the payer passes 3-D Secure, the card is saved */
    const payWithNewCard = async (amountGrosze = 38400) => {
      const request = checkoutRequest({ amountGrosze, cardToken: await h.payer.tokenizeCard() });
      const checkout = await h.provider.startCheckout(request);
      await h.payer.pay(checkout);
      const { parsed } = await waitForNotification(request.paymentId, ['COMPLETED', 'CANCELED']);
      return { request, checkout, notification: parsed, savedCard: parsed.savedCard ?? checkout.savedCard };
    };

    /** the outcome of a renewal: at once, or from the notification that follows */
    const renewalOutcome = async (request: RenewalChargeRequest) => {
      const result = await h.provider.chargeSavedCard(request);
      if (result.status === 'COMPLETED' || result.status === 'CANCELED')
        return { result, status: result.status };
      const { parsed } = await waitForNotification(request.paymentId, ['COMPLETED', 'CANCELED']);
      expect(parsed.providerOrderId).toBe(result.providerOrderId);
      return { result, status: parsed.status, notification: parsed };
    };

    it('hosted checkout: the payer is sent to the provider, pays, and a verified COMPLETED notification carries the ordered amount', async () => {
      const request = checkoutRequest({ amountGrosze: 28800 });
      const checkout = await h.provider.startCheckout(request);
      expect(checkout.kind).toBe('redirect');
      if (checkout.kind === 'redirect') expect(checkout.redirectUri).toMatch(/^https?:\/\//);
      expect(checkout.providerOrderId).toBeTruthy();

      const before = await h.provider.getOrder(checkout.providerOrderId);
      expect(before).toEqual({ status: 'PENDING', amountGrosze: 28800, paymentId: request.paymentId });

      await h.payer.pay(checkout);
      const { parsed } = await waitForNotification(request.paymentId, ['COMPLETED']);
      expect(parsed).toMatchObject<Partial<PaymentNotification>>({
        providerOrderId: checkout.providerOrderId,
        paymentId: request.paymentId,
        status: 'COMPLETED',
        amountGrosze: 28800,
        currency: 'PLN',
      });
      expect(await h.provider.getOrder(checkout.providerOrderId)).toEqual({
        status: 'COMPLETED',
        amountGrosze: 28800,
        paymentId: request.paymentId,
      });
    });

    it('first card payment saves the card: the payer completes, COMPLETED arrives, a reusable token is known', async () => {
      const { request, checkout, notification, savedCard } = await payWithNewCard(4000);
      expect(notification).toMatchObject({
        status: 'COMPLETED',
        amountGrosze: 4000,
        paymentId: request.paymentId,
      });
      expect(notification.providerOrderId).toBe(checkout.providerOrderId);
      expect(savedCard).toBeDefined();
      expect(savedCard!.token).not.toBe(request.cardToken);
      expect(savedCard!.maskedNumber).toMatch(/^\d{4,6}\*+\d{4}$/);
      expect(savedCard!.expiry).toMatch(/^(0[1-9]|1[0-2])\/\d{4}$/);
    });

    it('adding a card: a 0 zł verification with the card form’s token saves a reusable card, which renewals charge', async () => {
      const { request, notification, savedCard } = await payWithNewCard(0);
      expect(notification).toMatchObject({
        status: 'COMPLETED',
        amountGrosze: 0,
        paymentId: request.paymentId,
      });
      expect(savedCard).toBeDefined();
      expect(savedCard!.token).not.toBe(request.cardToken);
      const { status } = await renewalOutcome(renewalRequest(savedCard!.token, { amountGrosze: 3000 }));
      expect(status).toBe('COMPLETED');
    });

    it('the payer abandons the payment: CANCELED, and the order stays CANCELED', async () => {
      const request = checkoutRequest();
      const checkout = await h.provider.startCheckout(request);
      await h.payer.cancel(checkout);
      const { parsed } = await waitForNotification(request.paymentId, ['CANCELED']);
      expect(parsed.amountGrosze).toBe(38400);
      expect((await h.provider.getOrder(checkout.providerOrderId)).status).toBe('CANCELED');
    });

    it('the merchant cancels an order not paid yet: CANCELED is notified, the payer can no longer pay it, cancelling again is harmless', async () => {
      const request = checkoutRequest({ amountGrosze: 1001 });
      const checkout = await h.provider.startCheckout(request);
      expect(await h.provider.cancelOrder(checkout.providerOrderId)).toBe('CANCELED');
      const { parsed } = await waitForNotification(request.paymentId, ['CANCELED']);
      expect(parsed).toMatchObject({ providerOrderId: checkout.providerOrderId, amountGrosze: 1001 });

      await expect(h.payer.pay(checkout)).rejects.toThrow();
      expect(await h.provider.getOrder(checkout.providerOrderId)).toEqual({
        status: 'CANCELED',
        amountGrosze: 1001,
        paymentId: request.paymentId,
      });
      // a crash after the cancellation, the next request cancels again
      expect(await h.provider.cancelOrder(checkout.providerOrderId)).toBe('CANCELED');
      await new Promise((r) => setTimeout(r, 100));
      expect(notificationsOf(request.paymentId).map((n) => n.parsed.status)).not.toContain('COMPLETED');
    });

    it('an order the payer paid first cannot be cancelled: COMPLETED is the answer and the order stays paid', async () => {
      const request = checkoutRequest({ amountGrosze: 9601 });
      const checkout = await h.provider.startCheckout(request);
      await h.payer.pay(checkout);
      expect(await h.provider.cancelOrder(checkout.providerOrderId)).toBe('COMPLETED');
      expect((await h.provider.getOrder(checkout.providerOrderId)).status).toBe('COMPLETED');
      const { parsed } = await waitForNotification(request.paymentId, ['COMPLETED', 'CANCELED']);
      expect(parsed.status).toBe('COMPLETED');
    });

    it('an order the provider never had is NOT_FOUND when cancelled', async () => {
      expect(await h.provider.cancelOrder('NO-SUCH-ORDER-1')).toBe('NOT_FOUND');
    });

    it('refuses forged notifications: a changed amount, a wrong signature, no signature', async () => {
      const request = checkoutRequest({ amountGrosze: 3000 });
      const checkout = await h.provider.startCheckout(request);
      await h.payer.pay(checkout);
      const { raw } = await waitForNotification(request.paymentId, ['COMPLETED']);

      // the genuine one passes
      expect(h.provider.parseNotification(raw.rawBody, raw.headers).amountGrosze).toBe(3000);

      const body = raw.rawBody.toString('utf8');
      expect(body).toMatch(/\b3000\b/);
      const cheaper = Buffer.from(body.replace(/\b3000\b/, '1'));
      expect(() => h.provider.parseNotification(cheaper, raw.headers)).toThrow(NotificationRejected);

      const tampered: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(raw.headers))
        tampered[k] = v?.replace(/[0-9a-f]{32,}/g, (s) => s.replace(/.$/, (c) => (c === '0' ? '1' : '0')));
      expect(tampered).not.toEqual(raw.headers);
      expect(() => h.provider.parseNotification(raw.rawBody, tampered)).toThrow(NotificationRejected);

      expect(() => h.provider.parseNotification(raw.rawBody, { 'content-type': 'application/json' })).toThrow(
        NotificationRejected,
      );
      expect(() => h.provider.parseNotification(Buffer.from('not json'), raw.headers)).toThrow(
        NotificationRejected,
      );
    });

    it('a renewal charges the saved card without the payer and completes for the amount charged', async () => {
      const { savedCard } = await payWithNewCard();
      const request = renewalRequest(savedCard!.token, { amountGrosze: 3000 });
      const { result, status, notification } = await renewalOutcome(request);
      expect(status).toBe('COMPLETED');
      if (notification)
        expect(notification).toMatchObject({ amountGrosze: 3000, paymentId: request.paymentId });
      expect(await h.provider.getOrder(result.providerOrderId)).toEqual({
        status: 'COMPLETED',
        amountGrosze: 3000,
        paymentId: request.paymentId,
      });
    });

    it('a deleted saved card is never charged again; deleting it twice is harmless', async () => {
      const { savedCard } = await payWithNewCard();
      await h.provider.deleteSavedCard(savedCard!.token);
      await h.provider.deleteSavedCard(savedCard!.token);
      const request = renewalRequest(savedCard!.token, { amountGrosze: 3000 });
      const outcome = await renewalOutcome(request).then(
        ({ status }) => status,
        () => 'REFUSED' as const,
      );
      expect(['CANCELED', 'REFUSED']).toContain(outcome);
    });

    it('a declined renewal is reported as CANCELED (for dunning), and getOrder agrees', async () => {
      const { savedCard } = await payWithNewCard();
      await h.payer.declineSavedCard(savedCard!.token);
      const request = renewalRequest(savedCard!.token, { amountGrosze: 38400 });
      const { result, status } = await renewalOutcome(request);
      expect(status).toBe('CANCELED');
      expect((await h.provider.getOrder(result.providerOrderId)).status).toBe('CANCELED');
    });
  });
}
