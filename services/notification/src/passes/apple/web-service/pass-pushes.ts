import type { Apns } from '../../providers/apns/apns.port';
import type { Enqueue, Handled, Priority, QueueEntry, Work } from '../../updates/pass-update-queue';
import type { PassRegistrations } from './pass-registrations';

/** What pushes need of the APNs port. */
export type PassPusher = Pick<Apns, 'push'>;

/** A change of every pass of a company or a program. */
export type PassScope = { tenantId: string } | { programId: string };

export interface PushFailure {
  device: string;
  tenantIds: string[];
  reason: string;
}

const DEVICE = 'apple-device';
const SCOPE = 'apple-scope';

/**
 * Tells phones their Apple pass changed, through the pass update queue: a card's change queues a push to
 * every device holding one of its passes; a company's or program's change queues one expansion that turns
 * into device pushes a page at a time behind single cards' pushes. A device is pushed at most once per
 * coalescing window (a burst of awards is one push). What APNs answers is acted on as WALLET.md says: a dead
 * token removes the device's registrations (unless it registered again after the time APNs gives), a
 * certificate or topic error is reported and not retried, a busy or failing APNs is retried with back-off.
 */
export function applePushes(deps: {
  registrations: PassRegistrations;
  pusher: PassPusher;
  clock: () => Date;
  /** must equal the queue's */
  coalesceMs?: number;
  /** devices queued per turn of a company-wide change (default 500) */
  pageSize?: number;
  /** a push that will not be delivered (pass health) */
  onFailure?: (failure: PushFailure) => Promise<void>;
}) {
  const { registrations, pusher, clock } = deps;
  const coalesceMs = deps.coalesceMs ?? 1000;
  const pageSize = deps.pageSize ?? 500;

  async function pushDevice(device: string, priority: Priority, enqueue: Enqueue): Promise<void> {
    const row = await registrations.device(device);
    if (!row) return;
    const notBefore = row.pushedAt ? new Date(Date.parse(row.pushedAt) + coalesceMs) : undefined;
    await enqueue(DEVICE, device, priority, notBefore);
  }

  const failed = async (device: string, reason: string) =>
    deps.onFailure?.({ device, tenantIds: await registrations.tenantsOfDevice(device), reason });

  const devicePush: Work = {
    async handle(entry): Promise<Handled> {
      const device = await registrations.device(entry.key);
      if (!device) return { done: true };
      const result = await pusher.push(device.pushToken);
      switch (result.outcome) {
        case 'sent':
          await registrations.pushed(entry.key, clock());
          return { done: true };
        case 'unregistered':
          await registrations.forgetDevice(entry.key, device.pushToken, result.since);
          return { done: true };
        case 'bad-token':
          await registrations.forgetDevice(entry.key, device.pushToken, null);
          return { done: true };
        case 'config-error':
          await failed(entry.key, `APNs: ${result.reason}`);
          return { done: true };
        case 'retry-later':
          return { retry: `APNs: ${result.reason}`, afterMs: result.retryAfterMs };
      }
    },
    gaveUp: (entry: QueueEntry, reason: string) => failed(entry.key, reason),
  };

  const scopeExpansion: Work = {
    async handle(entry, enqueue): Promise<Handled> {
      const scope = JSON.parse(entry.key) as PassScope;
      const devices = await registrations.devicesOf(scope, entry.cursor, pageSize);
      for (const device of devices) await pushDevice(device, 1, enqueue);
      return devices.length < pageSize ? { done: true } : { continueFrom: devices[devices.length - 1]! };
    },
  };

  return {
    work: { [DEVICE]: devicePush, [SCOPE]: scopeExpansion },

    /** the card's pass changed: every device holding one of its passes gets a push */
    async cardChanged(cardId: string, enqueue: Enqueue): Promise<void> {
      for (const device of await registrations.devicesOfCard(cardId)) await pushDevice(device, 0, enqueue);
    },

    /** every pass of a company or program changed (branding, program): pushed in pages, after single cards */
    async scopeChanged(scope: PassScope, enqueue: Enqueue): Promise<void> {
      await enqueue(SCOPE, JSON.stringify(scope), 2);
    },
  };
}
