import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BillingEnv } from '../config';
import { paymentProviderContract } from '../testing/payment-provider.contract';
import type { CheckoutResult } from './payment-provider.port';
import { SANDBOX_CARDS, SANDBOX_NOTIFY_JOB } from './sandbox-orders';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';

/**
 * The sandbox passes the same PaymentProvider contract as PayU: its notifications are POSTed over HTTP by
 * the durable scheduler (really started here), the payer's actions are those of its checkout page.
 */
paymentProviderContract('sandbox (embedded default)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-sandbox-'));
  const config = BillingEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const infra: Infrastructure = await openInfrastructure(
    'billing',
    config,
    createLogger('billing', 'silent'),
  );
  const sandbox = await createSandboxPaymentProvider({
    documents: infra.documents,
    scheduler: infra.scheduler,
    clock: () => new Date(),
    publicUrl: 'http://127.0.0.1:8080',
  });
  infra.scheduler.start({
    [SANDBOX_NOTIFY_JOB]: async (job) =>
      sandbox.deliverNotification((job.payload as { orderId: string }).orderId),
  });
  const orderOf = (checkout: CheckoutResult) => checkout.providerOrderId;
  return {
    provider: sandbox.provider,
    payer: {
      // the card form of the checkout page, tokenised (a card that asks for 3-D Secure)
      tokenizeCard: () => sandbox.tokenize({ number: SANDBOX_CARDS.threeDSecure, expiry: '12/2030' }),
      async pay(checkout) {
        const id = orderOf(checkout);
        const order = await sandbox.order(id);
        const outcome = order?.cardToken
          ? await sandbox.payWithToken(id)
          : await sandbox.pay(id, { number: SANDBOX_CARDS.success, expiry: '12/30', cvc: '123' });
        // the page refuses an order no longer payable (settled, cancelled by the merchant)
        if (outcome.kind === 'invalid') throw new Error(`payment refused: ${outcome.message}`);
        if (outcome.kind === 'three_d_secure') await sandbox.confirm3ds(id, true);
      },
      async cancel(checkout) {
        await sandbox.abandon(orderOf(checkout));
      },
      declineSavedCard: (token) => sandbox.declineCharges(token),
    },
    async close() {
      await infra.scheduler.stop();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
