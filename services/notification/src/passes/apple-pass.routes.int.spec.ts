import sharp from 'sharp';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { signatureVerifies, unzipPass } from './apple/testing/pkpass-reader';

// the notification service as built for production; its copies fed what the card ledger and tenant publish
let t: NotificationTestApp;
beforeAll(async () => {
  t = await startNotification({ PUBLIC_URL: 'https://punkto.example' });
});
afterAll(async () => {
  await t?.close();
});

const deliver = (topic: string, type: string, data: object) => t.deliver(topic, type, data);
const aCard = (options?: { program?: boolean }) => t.aCard(options);

const download = async (cardId: string, userId: string, fileName = 'Karta Kawiarnia Pod Lipą.pkpass') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/cards/${cardId}/create-apple-pass/${encodeURIComponent(fileName)}`,
    cookies: await t.cookiesOf(userId),
  });

describe('GET /api/v1/cards/{id}/create-apple-pass/{x}', () => {
  it('gives the holder a signed pass of their card, saved under the name asked for', async () => {
    const { cardId, userId } = await aCard();
    const res = await download(cardId, userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Karta Kawiarnia Pod Lipa.pkpass"; filename*=UTF-8''Karta%20Kawiarnia%20Pod%20Lip%C4%85.pkpass`,
    );
    expect(res.headers['last-modified']).toBe('Fri, 20 Nov 2026 10:05:00 GMT');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const files = await unzipPass(res.rawPayload);
    const root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
    expect(signatureVerifies(files.get('manifest.json')!, files.get('signature')!, root)).toBe(true);
    expect(files.has('icon@3x.png')).toBe(true);
    // a stamp card's strip shows its stamps, in Wallet's strip sizes
    expect(await sharp(files.get('strip@2x.png')!).metadata()).toMatchObject({ width: 750, height: 246 });
    expect(await sharp(files.get('strip@3x.png')!).metadata()).toMatchObject({ width: 1125, height: 369 });
    const pass = JSON.parse(files.get('pass.json')!.toString());
    expect(pass).toMatchObject({
      passTypeIdentifier: 'pass.pl.punkto.dev',
      serialNumber: `${cardId}.1`,
      webServiceURL: 'https://punkto.example/api/v1/passkit',
      organizationName: 'Kawiarnia Pod Lipą',
      backgroundColor: 'rgb(31, 111, 92)',
      barcodes: [{ message: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j`, altText: '1234 5678 97' }],
      storeCard: {
        primaryFields: [{ label: 'Pieczątki', value: '7 z 10' }],
        secondaryFields: [
          { label: 'Następna nagroda', value: 'Kawa gratis' },
          expect.objectContaining({ label: 'Brakuje', value: '3 piecz.' }),
        ],
      },
    });
    expect(pass.storeCard.backFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Adres', value: 'ul. Długa 5, 00-001 Warszawa' }),
        expect.objectContaining({ label: 'Zasady programu', value: 'Pieczątka za każdą kawę.' }),
        expect.objectContaining({ value: 'https://punkto.example/klient/karty' }),
      ]),
    );
    // the pass's own token for the PassKit web service (an HMAC of the serial, 43 characters)
    expect(pass.authenticationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // the same card unchanged: the very same signed bytes, from the cache
    expect((await download(cardId, userId)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('an expiry warning (ADR 0062) changes no pass by itself: no lock-screen notice at night from the sweep', async () => {
    const { cardId, userId, tenantId, programId } = await aCard();
    const before = await download(cardId, userId);
    await deliver(Topics.cardLedgerCards, 'ExpiryWarningDue', {
      cardId,
      tenantId,
      programId,
      clientId: randomUUID(),
      userId,
      unit: 'stamps',
      amount: 7,
      on: '2027-02-28',
      daysBefore: 30,
      dueAt: new Date().toISOString(),
    });
    // the automatic message „Punkty wkrótce wygasną” puts it on the pass, after the quiet hours, when switched on
    const after = await download(cardId, userId);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  // issue 36, finding 3: a 403 for someone else's card and a 404 for an unknown id told which card ids exist
  it("someone else's card and an unknown one answer the same 404, byte for byte; a closed one 409", async () => {
    const { cardId, userId } = await aCard();
    const caller = randomUUID();
    const stranger = await download(cardId, caller);
    const unknown = await download(randomUUID(), caller);
    expect(stranger.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(stranger.json()).toEqual({
      code: 'CARD.NOT_FOUND',
      localizedMessage: 'Nie znaleziono karty.',
      status: 404,
    });
    expect(stranger.body).toBe(unknown.body);
    expect(stranger.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(stranger.headers['content-length']).toBe(unknown.headers['content-length']);

    await deliver(Topics.cardLedgerCards, 'CardClosed', {
      cardId,
      reason: 'client_removed',
      closedAt: '2026-11-21T10:00:00.000Z',
    });
    expect((await download(cardId, userId)).json()).toMatchObject({ status: 409, code: 'CARD.CLOSED' });
    // closed, it is still no one else's business
    expect((await download(cardId, caller)).body).toBe(unknown.body);
  });

  it("a phone-only client's card moved to the customer's account: the account gets its pass (ADR 0056)", async () => {
    const { tenantId, programId } = await t.aCompany();
    const cardId = randomUUID();
    const clientId = randomUUID();
    const anna = randomUUID();
    const card = { cardId, tenantId, programId, clientId };
    await deliver(Topics.cardLedgerCards, 'CardIssued', {
      ...card,
      userId: phoneOnlyHolder(clientId),
      humanReadableId: '1234567897',
      secretVersion: 1,
      qrPayload: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j`,
      tier: null,
      issuedAt: '2026-11-20T10:00:00.000Z',
    });
    expect((await download(cardId, anna)).statusCode).toBe(404); // not hers yet
    await deliver(Topics.cardLedgerCards, 'CardHolderLinked', {
      ...card,
      userId: anna,
      previousHolder: phoneOnlyHolder(clientId),
      linkedAt: '2026-11-21T10:00:00.000Z',
    });
    const res = await download(cardId, anna);
    expect(res.statusCode, res.body).toBe(200);
    const pass = JSON.parse((await unzipPass(res.rawPayload)).get('pass.json')!.toString());
    expect(pass).toMatchObject({ serialNumber: `${cardId}.1`, barcodes: [{ altText: '1234 5678 97' }] });
    expect((await download(cardId, randomUUID())).statusCode).toBe(404);
  });

  it('right after joining, before the program has arrived: 409 PASS.NOT_READY, to try again', async () => {
    const { cardId, userId } = await aCard({ program: false });
    const res = await download(cardId, userId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PASS.NOT_READY',
      localizedMessage: 'Karta nie jest jeszcze gotowa do dodania do portfela. Spróbuj ponownie za chwilę.',
    });
  });

  it('passes of the development chain are for this machine only: from elsewhere, a Polish refusal', async () => {
    const { cardId, userId } = await aCard();
    const remote = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cards/${cardId}/create-apple-pass/karta.pkpass`,
      headers: { 'x-forwarded-for': '203.0.113.7' },
      cookies: await t.cookiesOf(userId),
    });
    expect(remote.statusCode).toBe(409);
    expect(remote.json()).toMatchObject({
      code: 'PASS.APPLE_UNAVAILABLE',
      localizedMessage:
        'Dodawanie kart do Apple Wallet nie jest jeszcze dostępne. Pokaż kod QR z tej strony przy kasie.',
    });
  });

  it('a file name that is not a .pkpass is a validation error; without a session 401', async () => {
    const { cardId, userId } = await aCard();
    const bad = await download(cardId, userId, 'karta.exe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['params.x']).toEqual(['Nazwa pliku karty musi kończyć się na .pkpass.']);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cards/${cardId}/create-apple-pass/karta.pkpass`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
