import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { ConcurrencyError, DuplicateKeyError } from '@punkto/platform/errors/errors';

/**
 * Which phones hold which passes (PassKit web service, WALLET.md): a device (its `deviceLibraryIdentifier`)
 * with the push token APNs knows it by, and one registration per (device, serial). Devices register many
 * times and their push tokens change: every registration upserts the token, and a device goes with its last
 * registration.
 */
export interface AppleDevice {
  _id: string;
  pushToken: string;
  /** the last registration (ISO): a 410 from APNs older than this does not remove the device */
  registeredAt: string;
  /** the last push sent to it (ISO): the next one waits for the coalescing window (pass-pushes.ts) */
  pushedAt?: string;
}

export interface AppleRegistration {
  /** `<device>|<serial>` */
  _id: string;
  device: string;
  serial: string;
  cardId: string;
  tenantId: string;
  programId: string;
  registeredAt: string;
}

export function passRegistrations(documents: DocumentStore) {
  const devices = documents.collection<AppleDevice>('apple_devices');
  const registrations = documents.collection<AppleRegistration>('apple_registrations');
  const id = (device: string, serial: string) => `${device}|${serial}`;

  /** removes the device once no registration is left (a concurrent registration keeps it: revision check) */
  async function dropDeviceIfUnused(device: string): Promise<void> {
    const row = await devices.get(device);
    if (!row || (await registrations.count({ device })) > 0) return;
    try {
      await devices.delete(device, { expectedRevision: row._rev });
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  return {
    async ensureIndexes() {
      await registrations.ensureIndex({ fields: { device: 1 } });
      await registrations.ensureIndex({ fields: { cardId: 1 } });
      await registrations.ensureIndex({ fields: { tenantId: 1, device: 1 } });
      await registrations.ensureIndex({ fields: { programId: 1, device: 1 } });
    },

    /**
     * 'created' the first time this device registers this serial, 'known' after. The registration is written
     * before the device so that a concurrent unregister of the device's last pass cannot orphan it.
     */
    async register(input: {
      device: string;
      serial: string;
      cardId: string;
      tenantId: string;
      programId: string;
      pushToken: string;
      at: Date;
    }): Promise<'created' | 'known'> {
      const registeredAt = input.at.toISOString();
      let outcome: 'created' | 'known' = 'created';
      try {
        await registrations.insert({
          _id: id(input.device, input.serial),
          device: input.device,
          serial: input.serial,
          cardId: input.cardId,
          tenantId: input.tenantId,
          programId: input.programId,
          registeredAt,
        });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        outcome = 'known';
      }
      await mutateDocument(devices, input.device, (current) => ({
        ...current,
        _id: input.device,
        pushToken: input.pushToken,
        registeredAt,
      }));
      return outcome;
    },

    /** true when the device had registered the serial */
    async unregister(device: string, serial: string): Promise<boolean> {
      const removed = await registrations.delete(id(device, serial));
      await dropDeviceIfUnused(device);
      return removed;
    },

    async ofDevice(device: string): Promise<AppleRegistration[]> {
      return registrations.find({ device }, { sort: { serial: 1 }, limit: 1000 });
    },

    /** the registrations of passes of these cards, any serial (company messages: wallet-messenger.ts) */
    async ofCards(cardIds: readonly string[]): Promise<AppleRegistration[]> {
      const found: AppleRegistration[] = [];
      for (let i = 0; i < cardIds.length; i += 500)
        found.push(...(await registrations.find({ cardId: { $in: cardIds.slice(i, i + 500) as string[] } })));
      return found;
    },

    async device(device: string): Promise<AppleDevice | null> {
      return devices.get(device);
    },

    /** the devices holding a pass of the card (any serial: a voided pass learns it is void) */
    async devicesOfCard(cardId: string): Promise<string[]> {
      const rows = await registrations.find({ cardId });
      return [...new Set(rows.map((r) => r.device))];
    },

    /** a page of the devices holding a pass of the company or program, in device order after `after` */
    async devicesOf(
      scope: { tenantId: string } | { programId: string },
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      const rows = await registrations.find(
        { ...scope, ...(after !== null && { device: { $gt: after } }) },
        { sort: { device: 1 }, limit },
      );
      return [...new Set(rows.map((r) => r.device))];
    },

    /**
     * APNs said the token no longer reaches the device (410 with the time it stopped, or 400 BadDeviceToken:
     * `since` null). Everything of the device goes, unless it registered again after `since` or its push token
     * changed meanwhile.
     */
    async forgetDevice(device: string, pushToken: string, since: Date | null): Promise<boolean> {
      const row = await devices.get(device);
      if (!row || row.pushToken !== pushToken) return false;
      if (since && row.registeredAt > since.toISOString()) return false;
      for (const registration of await registrations.find({ device }))
        await registrations.delete(registration._id);
      await dropDeviceIfUnused(device);
      return true;
    },

    /** notes a push sent to the device (kept only while the device exists) */
    async pushed(device: string, at: Date): Promise<void> {
      await mutateDocument(devices, device, (current) =>
        current ? { ...current, pushedAt: at.toISOString() } : UNCHANGED,
      );
    },

    /** the companies whose passes the device holds */
    async tenantsOfDevice(device: string): Promise<string[]> {
      return [...new Set((await registrations.find({ device })).map((r) => r.tenantId))];
    },

    countOfTenant: (tenantId: string) => registrations.count({ tenantId }),
  };
}

export type PassRegistrations = ReturnType<typeof passRegistrations>;
