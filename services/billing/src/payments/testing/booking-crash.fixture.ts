/**
 * Child process of the booking restart test (booking-restart.int.spec.ts): the billing service's real app on the
 * embedded stores in DATA_DIR (the billing test harness, its clock at 2026-03-01 10:00 + CLOCK_MINUTES), run as
 *   node --import tsx booking-crash.fixture.ts pay <step> | recover
 * `pay`: a company buys the basic plan in the sandbox checkout and the process SIGKILLs itself at `step` of the
 * booking — after PaymentCompleted is stored (`completed`), after the period is bought (`period`), after the
 * invoice, just before the e-mail goes (`invoice`), after the e-mail went (`mail`) — nothing else is touched:
 * the kill comes from inside the ports the service already uses. Prints TENANT <id> <ownerEmail> first.
 * `recover`: the service started again on the same files; its sweep runs; prints the result as one JSON line.
 */
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import { SANDBOX_CARDS } from '../sandbox-orders';
import { startBilling } from '../../testing/billing-test-app';

const [phase, step] = process.argv.slice(2);
const t = await startBilling({ DATA_DIR: process.env['DATA_DIR']! });
t.setNow(
  new Date(
    Date.parse('2026-03-01T10:00:00.000Z') + Number(process.env['CLOCK_MINUTES'] ?? 0) * 60_000,
  ).toISOString(),
);
const kill = () => process.kill(process.pid, 'SIGKILL');

if (phase === 'pay') {
  const { tenantId, token } = await t.tenant({ tenantId: process.env['TENANT_ID']! });
  process.stdout.write(`TENANT ${tenantId}\n`);
  crashAt(step!);
  const started = (
    await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    })
  ).json() as { redirectUri: string };
  await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
  await t.runDueJobs(); // the sandbox's notification: the booking runs, and dies at the step
  process.stdout.write('NOT KILLED\n');
  process.exit(1);
} else {
  await t.runDueJobs(); // the sweep, scheduled at start
  const tenantId = process.env['TENANT_ID']!;
  const subscription = (await t.infra.documents.collection('subscriptions').get(tenantId)) as {
    planId?: string;
    paymentIds?: string[];
  } | null;
  const invoices = await t.infra.documents.collection('invoices').find({ tenantId });
  const mails = (await t.sentMails()).filter((m) => m.subject === 'Otrzymaliśmy płatność za Punkto');
  const payments = await t.infra.documents
    .collection<{ _id: string; status: string; bookedAt?: string | null }>('payments')
    .find({ 'order.tenantId': tenantId });
  process.stdout.write(
    `${JSON.stringify({
      planId: subscription?.planId ?? null,
      periods: subscription?.paymentIds?.length ?? 0,
      invoices: invoices.length,
      mails: mails.length,
      payments: payments.map((p) => [p.status, p.bookedAt ? 'booked' : 'unbooked']),
    })}\n`,
  );
  process.exit(0);
}

/** the process dies inside the booking, right after (or before) the write of `at` */
function crashAt(at: string) {
  const events = t.infra.eventStore as EventStore;
  const append = events.appendToStream.bind(events);
  const after = at === 'completed' ? 'PaymentCompleted' : at === 'period' ? 'SubscriptionActivated' : null;
  events.appendToStream = async (streamId, newEvents, options) => {
    const result = await append(streamId, newEvents, options);
    if (after && newEvents.some((e) => e.type === after)) kill();
    return result;
  };
  const mailer = t.infra.mailer as Mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    if (message.tag === 'billing-payment-received' && at === 'invoice') kill();
    const sent = await send(message);
    if (message.tag === 'billing-payment-received' && at === 'mail') kill();
    return sent;
  };
}
