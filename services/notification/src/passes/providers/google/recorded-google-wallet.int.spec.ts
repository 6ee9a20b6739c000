import { createPublicKey } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { aLoyaltyClass, aLoyaltyObject, googleWalletContract } from '../../../testing/google-wallet.contract';
import { KEYS_COLLECTION, OBJECTS_COLLECTION, RecordedGoogleWallet } from './recorded-google-wallet';

const ISSUER = '3388000000022222222';
const SA = 'punkto-dev@recorded-wallet.local';

googleWalletContract('recorded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-gwallet-'));
  const store = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
  let offset = 0;
  let wallet: RecordedGoogleWallet | undefined;
  return {
    issuerId: ISSUER,
    saveLinkIssuer: SA,
    saveOrigin: 'https://pay.google.com',
    open: async () =>
      (wallet = await RecordedGoogleWallet.open(store, {
        issuerId: ISSUER,
        now: () => new Date(Date.now() + offset),
      })),
    // Read back through the records port, i.e. what the dev page shows.
    stored: async () => ({ classes: await wallet!.listClasses(), objects: await wallet!.listObjects() }),
    saveLinkPublicKey: async () => createPublicKey(await wallet!.saveLinkPublicKeyPem()),
    advanceClock: (ms) => void (offset += ms),
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('RecordedGoogleWallet durability and dev records', () => {
  let dir: string;
  let file: string;
  const now = new Date('2026-11-20T10:00:00Z');
  const open = (store: SqliteDocumentStore) =>
    RecordedGoogleWallet.open(store, { issuerId: ISSUER, now: () => now });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-gwallet-'));
    file = join(dir, 'documents.sqlite');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps classes, objects, messages and the save-link key across a restart', async () => {
    const first = SqliteDocumentStore.open(file);
    const wallet = await open(first);
    await wallet.upsertClass(aLoyaltyClass(ISSUER));
    const card = aLoyaltyObject(ISSUER);
    await wallet.upsertObject(card);
    await wallet.patchObject(card.id, { loyaltyPoints: { label: 'Pieczątki', balance: { string: '9/10' } } });
    await wallet.addMessage(card.id, { id: 'm1', header: 'Punkty', body: 'Masz 9/10' }, { notify: true });
    const link = await wallet.saveLink([{ id: card.id, classId: card.classId }]);
    const keyBefore = await wallet.saveLinkPublicKeyPem();
    await wallet.close();
    await first.close();

    const second = SqliteDocumentStore.open(file);
    try {
      const reopened = await open(second);
      expect(await reopened.saveLinkPublicKeyPem()).toBe(keyBefore);
      // a link handed out before the restart still verifies with the kept key
      await jwtVerify(link.split('/gp/v/save/')[1]!, createPublicKey(keyBefore), { audience: 'google' });
      const [stored] = await reopened.listObjects();
      expect(stored).toMatchObject({
        version: '3', // insert, patch, addMessage
        loyaltyPoints: { balance: { string: '9/10' } },
        messages: [{ id: 'm1', messageType: 'TEXT_AND_NOTIFY' }],
      });
      // the quota window survives restarts too: two more notify, the fourth does not
      const more = [];
      for (const id of ['m2', 'm3', 'm4'])
        more.push(
          (await reopened.addMessage(card.id, { id, header: 'h', body: 'b' }, { notify: true })).notified,
        );
      expect(more).toEqual([true, true, false]);
    } finally {
      await second.close();
    }
  });

  it('lists messages newest first, per object, with what was notified', async () => {
    const store = SqliteDocumentStore.open(file);
    try {
      const wallet = await open(store);
      await wallet.upsertClass(aLoyaltyClass(ISSUER));
      const a = aLoyaltyObject(ISSUER, { id: `${ISSUER}.a` });
      const b = aLoyaltyObject(ISSUER, { id: `${ISSUER}.b` });
      await wallet.upsertObject(a);
      await wallet.upsertObject(b);
      await wallet.addMessage(
        a.id,
        { id: 'a1', header: 'Witaj', body: 'Dzięki za kartę' },
        { notify: false },
      );
      await wallet.addMessage(b.id, { id: 'b1', header: 'Nagroda', body: 'Kawa gratis' }, { notify: true });
      expect((await wallet.listMessages()).map((m) => [m.objectId, m.message.id, m.notified])).toEqual([
        [b.id, 'b1', true],
        [a.id, 'a1', false],
      ]);
      expect(await wallet.listMessages(a.id)).toEqual([
        expect.objectContaining({
          objectId: a.id,
          at: '2026-11-20T10:00:00.000Z',
          message: { id: 'a1', header: 'Witaj', body: 'Dzięki za kartę', messageType: 'TEXT' },
        }),
      ]);
    } finally {
      await store.close();
    }
  });

  it('stores plain JSON documents keyed by the Google id, without the fields Google sets', async () => {
    const store = SqliteDocumentStore.open(file);
    try {
      const wallet = await open(store);
      await wallet.upsertClass(aLoyaltyClass(ISSUER));
      const card = aLoyaltyObject(ISSUER);
      // hasUsers and version sent by a caller are ignored, as Google ignores them
      await wallet.upsertObject({ ...card, hasUsers: true, version: '41' });
      const doc = await store.collection<{ _id: string }>(OBJECTS_COLLECTION).get(card.id);
      expect(doc).toMatchObject({ _id: card.id, id: card.id, hasUsers: false, version: '1' });
    } finally {
      await store.close();
    }
  });

  it('opening generates no key: the first save link does (or prepareSigningKey), once', async () => {
    const store = SqliteDocumentStore.open(file);
    try {
      const keys = store.collection(KEYS_COLLECTION);
      const wallet = await open(store);
      expect(await keys.count()).toBe(0);
      await wallet.upsertClass(aLoyaltyClass(ISSUER));
      const card = aLoyaltyObject(ISSUER);
      await wallet.upsertObject(card);
      const link = await wallet.saveLink([{ id: card.id, classId: card.classId }]);
      expect(await keys.count()).toBe(1);
      await jwtVerify(link.split('/gp/v/save/')[1]!, createPublicKey(await wallet.saveLinkPublicKeyPem()), {
        audience: 'google',
      });
      const other = await open(store);
      await other.prepareSigningKey();
      expect(await keys.count()).toBe(1);
      expect(await other.saveLinkPublicKeyPem()).toBe(await wallet.saveLinkPublicKeyPem());
    } finally {
      await store.close();
    }
  });

  it('two first opens of one store agree on one signing key', async () => {
    const store = SqliteDocumentStore.open(file);
    try {
      const [a, b] = await Promise.all([open(store), open(store)]);
      const [keyOfA, keyOfB] = await Promise.all([a.saveLinkPublicKeyPem(), b.saveLinkPublicKeyPem()]);
      expect(keyOfA).toBe(keyOfB);
    } finally {
      await store.close();
    }
  });
});
