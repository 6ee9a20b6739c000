import type { KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GoogleWalletError,
  InvalidWalletIdError,
  MAX_SAVE_LINK_LENGTH,
  NOTIFY_QUOTA,
  type GoogleWallet,
  type LoyaltyClass,
  type LoyaltyObject,
} from '../passes/providers/google/google-wallet.port';

/**
 * The ONE contract for GoogleWallet adapters (embedded records now, Google's REST API against the fake).
 * `stored()` reads Google's side without going through the adapter under test (the fake's state, the
 * recorded adapter's list API), like the mailer contract reads what the mail server received.
 */
export interface GoogleWalletHarness {
  issuerId: string;
  /** `iss` the save-link JWT must carry */
  saveLinkIssuer: string;
  /** prefix of every save link */
  saveOrigin: string;
  open(): Promise<GoogleWallet>;
  stored(): Promise<{ classes: LoyaltyClass[]; objects: LoyaltyObject[] }>;
  /** verifies save-link JWTs (after open) */
  saveLinkPublicKey(): KeyObject | Promise<KeyObject>;
  /** moves the clock of the adapter and of Google's side */
  advanceClock(ms: number): void;
  cleanup(): Promise<void>;
}

/** Test-data builders: a coffee shop's stamp card programme and one card. */
export function aLoyaltyClass(issuerId: string, overrides: Partial<LoyaltyClass> = {}): LoyaltyClass {
  return {
    id: `${issuerId}.tenant-0196f0c2.program-1`,
    issuerName: 'Kawiarnia Żółw',
    programName: 'Karta stałego klienta',
    reviewStatus: 'UNDER_REVIEW',
    hexBackgroundColor: '#1f6f4a',
    programLogo: { sourceUri: { uri: 'https://cdn.punkto.local/logo-660.png' } },
    ...overrides,
  };
}

export function aLoyaltyObject(issuerId: string, overrides: Partial<LoyaltyObject> = {}): LoyaltyObject {
  return {
    id: `${issuerId}.card-0196f0c2-0001`,
    classId: `${issuerId}.tenant-0196f0c2.program-1`,
    state: 'ACTIVE',
    accountId: 'PK-7F3K-92QD',
    accountName: 'Anna Kowalska',
    loyaltyPoints: { label: 'Pieczątki', balance: { string: '7/10' } },
    secondaryLoyaltyPoints: { label: 'Nagrody', balance: { int: 1 } },
    barcode: { type: 'QR_CODE', value: 'punkto:card:0196f0c2-0001', alternateText: 'PK-7F3K-92QD' },
    textModulesData: [{ id: 'reward', header: 'Nagroda', body: 'Co 10. kawa gratis' }],
    linksModuleData: { uris: [{ uri: 'https://punkto.local/k/0196f0c2', description: 'Twoja karta' }] },
    ...overrides,
  };
}

export function googleWalletContract(adapterName: string, harness: () => Promise<GoogleWalletHarness>): void {
  describe(`GoogleWallet contract: ${adapterName}`, () => {
    let env: GoogleWalletHarness;
    let wallet: GoogleWallet;
    let cls: LoyaltyClass;
    let card: LoyaltyObject;

    beforeEach(async () => {
      env = await harness();
      wallet = await env.open();
      cls = aLoyaltyClass(env.issuerId);
      card = aLoyaltyObject(env.issuerId);
    });

    afterEach(async () => {
      await wallet.close();
      await env.cleanup();
    });

    it('upserting a class twice keeps one class with the second values', async () => {
      const first = await wallet.upsertClass(cls);
      const second = await wallet.upsertClass({
        ...cls,
        programName: 'Karta kawowa',
        hexBackgroundColor: '#000000',
      });
      expect(Number(second.version)).toBeGreaterThan(Number(first.version));
      const { classes } = await env.stored();
      expect(classes).toHaveLength(1);
      expect(classes[0]).toMatchObject({
        id: cls.id,
        programName: 'Karta kawowa',
        hexBackgroundColor: '#000000',
      });
    });

    it('upserts an object: inserted once, then replaced in place', async () => {
      await wallet.upsertClass(cls);
      const inserted = await wallet.upsertObject(card);
      expect(inserted).toMatchObject({ id: card.id, accountName: 'Anna Kowalska', hasUsers: false });
      await wallet.upsertObject({ ...card, accountName: 'Anna K.', state: 'INACTIVE' });
      const { objects } = await env.stored();
      expect(objects).toHaveLength(1);
      expect(objects[0]).toMatchObject({ id: card.id, accountName: 'Anna K.', state: 'INACTIVE' });
      expect(objects[0]!.barcode).toEqual(card.barcode);
    });

    it('patch merges into the stored object and bumps its version', async () => {
      await wallet.upsertClass(cls);
      const before = await wallet.upsertObject(card);
      const after = await wallet.patchObject(card.id, {
        loyaltyPoints: { label: 'Pieczątki', balance: { string: '8/10' } },
      });
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      const stored = (await env.stored()).objects[0]!;
      expect(stored.loyaltyPoints).toEqual({ label: 'Pieczątki', balance: { string: '8/10' } });
      // untouched fields stay as they were
      expect(stored).toMatchObject({
        accountName: 'Anna Kowalska',
        barcode: card.barcode,
        secondaryLoyaltyPoints: card.secondaryLoyaltyPoints,
        textModulesData: card.textModulesData,
      });
      expect(stored.version).toBe(after.version);
    });

    it('gets an object with its messages (what a taken-over delivery checks before sending again); none: null', async () => {
      await wallet.upsertClass(cls);
      await wallet.upsertObject(card);
      expect(await wallet.getObject(`${env.issuerId}.no-such-card`)).toBeNull();
      await wallet.addMessage(
        card.id,
        { id: 'message-1', header: 'Nowość', body: 'Ciasto dnia' },
        { notify: false },
      );
      const got = await wallet.getObject(card.id);
      expect(got).toMatchObject({ id: card.id, accountName: 'Anna Kowalska' });
      expect(got!.messages?.map((m) => [m.id, m.header, m.body])).toEqual([
        ['message-1', 'Nowość', 'Ciasto dnia'],
      ]);
    });

    it('refuses with Google status codes: unknown object 404, unknown class 404, bad state 400', async () => {
      const missing = await wallet
        .patchObject(card.id, { state: 'EXPIRED' })
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(GoogleWalletError);
      expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', retryable: false });
      await expect(wallet.upsertObject(card)).rejects.toMatchObject({ status: 404 });
      await wallet.upsertClass(cls);
      await expect(wallet.upsertObject({ ...card, state: 'LOST' as 'ACTIVE' })).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_ARGUMENT',
      });
      expect((await env.stored()).objects).toEqual([]);
    });

    it('notifies 3 times per object in 24 h, then adds the message as TEXT with notified: false', async () => {
      await wallet.upsertClass(cls);
      await wallet.upsertObject(card);
      const other = aLoyaltyObject(env.issuerId, { id: `${env.issuerId}.card-2` });
      await wallet.upsertObject(other);
      const message = (i: number) => ({
        id: `m${i}`,
        header: 'Punkty',
        body: `Masz teraz ${i}/10 pieczątek`,
      });

      const results = [];
      for (let i = 1; i <= 4; i++)
        results.push((await wallet.addMessage(card.id, message(i), { notify: true })).notified);
      expect(results).toEqual([true, true, true, false]);
      expect(await wallet.addMessage(other.id, message(1), { notify: true })).toEqual({ notified: true });
      expect(await wallet.addMessage(card.id, message(5), { notify: false })).toEqual({ notified: false });

      const stored = (await env.stored()).objects.find((o) => o.id === card.id)!;
      expect(stored.messages?.map((m) => [m.id, m.messageType])).toEqual([
        ['m1', 'TEXT_AND_NOTIFY'],
        ['m2', 'TEXT_AND_NOTIFY'],
        ['m3', 'TEXT_AND_NOTIFY'],
        ['m4', 'TEXT'],
        ['m5', 'TEXT'],
      ]);

      env.advanceClock(NOTIFY_QUOTA.windowMs + 1000);
      expect(await wallet.addMessage(card.id, message(6), { notify: true })).toEqual({ notified: true });
    });

    it('builds a skinny save link under 1,800 characters whose RS256 JWT names the objects', async () => {
      await wallet.upsertClass(cls);
      await wallet.upsertObject(card);
      const link = await wallet.saveLink([{ id: card.id, classId: card.classId }]);
      expect(link.length).toBeLessThan(MAX_SAVE_LINK_LENGTH);
      expect(link.startsWith(`${env.saveOrigin}/gp/v/save/`)).toBe(true);
      const jwt = link.slice(`${env.saveOrigin}/gp/v/save/`.length);
      const { payload, protectedHeader } = await jwtVerify(jwt, await env.saveLinkPublicKey(), {
        algorithms: ['RS256'],
        audience: 'google',
        issuer: env.saveLinkIssuer,
      });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload.typ).toBe('savetowallet');
      expect(payload.payload).toEqual({ loyaltyObjects: [{ id: card.id, classId: card.classId }] });
    });

    it('refuses a save link that would reach 1,800 characters', async () => {
      const refs = Array.from({ length: 20 }, (_, i) => ({
        id: `${env.issuerId}.card-0196f0c2-7bbb-8ccc-${String(i).padStart(12, '0')}`,
        classId: cls.id,
      }));
      await expect(wallet.saveLink(refs)).rejects.toThrow(/1800/);
    });

    type Call = (w: GoogleWallet, issuer: string) => Promise<unknown>;
    const message = { id: 'm', header: 'h', body: 'b' };
    it.each<[string, Call]>([
      ['a class of another issuer', (w, i) => w.upsertClass(aLoyaltyClass(i, { id: '999.x' }))],
      ['a suffix with a space', (w, i) => w.upsertClass(aLoyaltyClass(i, { id: `${i}.a b` }))],
      ['an empty suffix', (w, i) => w.upsertObject(aLoyaltyObject(i, { id: `${i}.` }))],
      ['a Polish letter', (w, i) => w.upsertObject(aLoyaltyObject(i, { id: `${i}.żółw` }))],
      ['a bad classId', (w, i) => w.upsertObject(aLoyaltyObject(i, { classId: 'prog' }))],
      ['a path in a patch id', (w, i) => w.patchObject(`${i}.x/../y`, {})],
      ['no issuer on addMessage', (w) => w.addMessage('card-1', message, { notify: true })],
      ['a bad ref in a save link', (w, i) => w.saveLink([{ id: `${i}.ok`, classId: `${i}.?` }])],
    ])('rejects %s before reaching Google', async (_name, call) => {
      // InvalidWalletIdError, not Google's 400: the request never left
      await expect(call(wallet, env.issuerId)).rejects.toBeInstanceOf(InvalidWalletIdError);
      expect(await env.stored()).toEqual({ classes: [], objects: [] });
    });
  });
}
