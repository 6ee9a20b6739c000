import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
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

/** The two collections: the devices, and which device holds which serial. */
interface RegistrationStore {
  devices: Collection<AppleDevice>;
  registrations: Collection<AppleRegistration>;
}

export function passRegistrations(documents: DocumentStore) {
  const store: RegistrationStore = {
    devices: documents.collection<AppleDevice>('apple_devices'),
    registrations: documents.collection<AppleRegistration>('apple_registrations'),
  };
  const { devices, registrations } = store;
  return {
    ensureIndexes: () => ensureRegistrationIndexes(registrations),
    register: (input: RegisterInput) => register(store, input),
    unregister: (device: string, serial: string) => unregister(store, device, serial),
    ofDevice: (device: string): Promise<AppleRegistration[]> =>
      registrations.find({ device }, { sort: { serial: 1 }, limit: 1000 }),
    ofCards: (cardIds: readonly string[]) => registrationsOfCards(registrations, cardIds),
    device: (device: string): Promise<AppleDevice | null> => devices.get(device),
    /** the devices holding a pass of the card (any serial: a voided pass learns it is void) */
    devicesOfCard: async (cardId: string): Promise<string[]> =>
      distinctDevices(await registrations.find({ cardId })),
    devicesOf: (scope: { tenantId: string } | { programId: string }, after: string | null, limit: number) =>
      devicesOf(registrations, scope, after, limit),
    forgetDevice: (device: string, pushToken: string, since: Date | null) =>
      forgetDevice(store, device, pushToken, since),
    /** every registration of the card's passes goes, and a device left with none (a closed card: ADR 0046) */
    forgetCard: async (cardId: string): Promise<number> => {
      const held = await registrations.find({ cardId });
      for (const r of held) await unregister(store, r.device, r.serial);
      return held.length;
    },
    /** notes a push sent to the device (kept only while the device exists) */
    pushed: async (device: string, at: Date): Promise<void> => {
      await mutateDocument(devices, device, (current) =>
        current ? { ...current, pushedAt: at.toISOString() } : UNCHANGED,
      );
    },
    /** the companies whose passes the device holds */
    tenantsOfDevice: async (device: string): Promise<string[]> => [
      ...new Set((await registrations.find({ device })).map((r) => r.tenantId)),
    ],
    countOfTenant: (tenantId: string) => registrations.count({ tenantId }),
  };
}

export type PassRegistrations = ReturnType<typeof passRegistrations>;

const registrationId = (device: string, serial: string) => `${device}|${serial}`;

const distinctDevices = (rows: AppleRegistration[]) => [...new Set(rows.map((r) => r.device))];

async function ensureRegistrationIndexes(registrations: Collection<AppleRegistration>): Promise<void> {
  await registrations.ensureIndex({ fields: { device: 1 } });
  await registrations.ensureIndex({ fields: { cardId: 1 } });
  await registrations.ensureIndex({ fields: { tenantId: 1, device: 1 } });
  await registrations.ensureIndex({ fields: { programId: 1, device: 1 } });
}

interface RegisterInput {
  device: string;
  serial: string;
  cardId: string;
  tenantId: string;
  programId: string;
  pushToken: string;
  at: Date;
}

/**
 * 'created' the first time this device registers this serial, 'known' after. The registration is written
 * before the device so that a concurrent unregister of the device's last pass cannot orphan it.
 */
async function register(
  { devices, registrations }: RegistrationStore,
  input: RegisterInput,
): Promise<'created' | 'known'> {
  const registeredAt = input.at.toISOString();
  let outcome: 'created' | 'known' = 'created';
  try {
    await registrations.insert({
      _id: registrationId(input.device, input.serial),
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
}

/** true when the device had registered the serial */
async function unregister(store: RegistrationStore, device: string, serial: string): Promise<boolean> {
  const removed = await store.registrations.delete(registrationId(device, serial));
  await dropDeviceIfUnused(store, device);
  return removed;
}

/** removes the device once no registration is left (a concurrent registration keeps it: revision check) */
async function dropDeviceIfUnused(
  { devices, registrations }: RegistrationStore,
  device: string,
): Promise<void> {
  const row = await devices.get(device);
  if (!row || (await registrations.count({ device })) > 0) return;
  try {
    await devices.delete(device, { expectedRevision: row._rev });
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}

/** the registrations of passes of these cards, any serial (company messages: wallet-messenger.ts) */
async function registrationsOfCards(
  registrations: Collection<AppleRegistration>,
  cardIds: readonly string[],
): Promise<AppleRegistration[]> {
  const found: AppleRegistration[] = [];
  for (let i = 0; i < cardIds.length; i += 500)
    found.push(...(await registrations.find({ cardId: { $in: cardIds.slice(i, i + 500) as string[] } })));
  return found;
}

/** a page of the devices holding a pass of the company or program, in device order after `after` */
async function devicesOf(
  registrations: Collection<AppleRegistration>,
  scope: { tenantId: string } | { programId: string },
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await registrations.find(
    { ...scope, ...(after !== null && { device: { $gt: after } }) },
    { sort: { device: 1 }, limit },
  );
  return distinctDevices(rows);
}

/**
 * APNs said the token no longer reaches the device (410 with the time it stopped, or 400 BadDeviceToken:
 * `since` null). Everything of the device goes, unless it registered again after `since` or its push token
 * changed meanwhile.
 */
async function forgetDevice(
  store: RegistrationStore,
  device: string,
  pushToken: string,
  since: Date | null,
): Promise<boolean> {
  const { devices, registrations } = store;
  const row = await devices.get(device);
  if (!row || row.pushToken !== pushToken) return false;
  if (since && row.registeredAt > since.toISOString()) return false;
  for (const registration of await registrations.find({ device }))
    await registrations.delete(registration._id);
  await dropDeviceIfUnused(store, device);
  return true;
}
