import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CallbackRefusedError,
  fetchGoogleRootKeys,
  GoogleCallbackVerifier,
  IntermediateKeyExpiredError,
  IntermediateKeySignatureError,
  MalformedCallbackError,
  MessageExpiredError,
  MessageSignatureError,
  ReplayedCallbackError,
  UnsupportedProtocolError,
  type GoogleWalletCallback,
} from './callback-verifier';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../../testing/fake-google-wallet';
import { aLoyaltyClass, aLoyaltyObject } from '../../../testing/google-wallet.contract';
import { RestGoogleWallet } from './rest-google-wallet';

const ISSUER = '3388000000033333333';
const SA_EMAIL = 'punkto-wallet@punkto-test.iam.gserviceaccount.com';
const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

// Save link → the fake's save page → a signed callback to our receiver → GoogleCallbackVerifier.
describe('Google Wallet save flow and signed callbacks', () => {
  let fake: FakeGoogleWallet;
  let wallet: RestGoogleWallet;
  let receiver: Server;
  let receiverUrl: string;
  let verifier: GoogleCallbackVerifier;
  let nonces: Set<string>;
  let accepted: GoogleWalletCallback[];
  const cls = aLoyaltyClass(ISSUER);
  const card = aLoyaltyObject(ISSUER);

  beforeEach(async () => {
    fake = await startFakeGoogleWallet({
      issuerId: ISSUER,
      serviceAccountPublicKey: saKey.publicKey,
      serviceAccountEmail: SA_EMAIL,
    });
    wallet = new RestGoogleWallet({
      issuerId: ISSUER,
      serviceAccount: {
        clientEmail: SA_EMAIL,
        privateKey: saKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
      baseUrl: fake.baseUrl,
      tokenUrl: fake.tokenUrl,
      saveOrigin: fake.url,
      now: fake.now,
    });
    nonces = new Set();
    accepted = [];
    verifier = new GoogleCallbackVerifier({
      issuerId: ISSUER,
      rootKeys: await fetchGoogleRootKeys(fake.keysUrl, fake.now),
      // a unique index in production; a set here
      seen: async (nonce) => !nonces.has(nonce) && Boolean(nonces.add(nonce)),
      now: fake.now,
    });
    // What our callback route will do: verify, then 200; refuse with 400 and the refusal's code.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        verifier.verify(Buffer.concat(chunks).toString('utf8')).then(
          (callback) => {
            accepted.push(callback);
            res.writeHead(200).end();
          },
          (error: unknown) =>
            res.writeHead(400).end(error instanceof CallbackRefusedError ? error.code : 'unexpected'),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/wallet/google/callback`;
    await wallet.upsertClass({ ...cls, callbackOptions: { url: receiverUrl } });
    await wallet.upsertObject(card);
  });

  afterEach(async () => {
    await wallet.close();
    await fake.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const ref = { id: card.id, classId: card.classId };

  it('the save page accepts the adapter link, marks the object saved and sends a callback we accept', async () => {
    const response = await fetch(await wallet.saveLink([ref]));
    expect(response.status).toBe(200);
    const saved = fake.state().objects[0]!;
    expect(saved).toMatchObject({ id: card.id, hasUsers: true, version: '1' }); // saved, not updated
    expect(fake.state().callbacks).toMatchObject([{ eventType: 'save', objectId: card.id, status: 200 }]);
    expect(accepted).toMatchObject([{ eventType: 'save', classId: cls.id, objectId: card.id, count: 1 }]);
  });

  it('sends a signed del callback when the holder removes the pass', async () => {
    await fetch(await wallet.saveLink([ref]));
    const removal = await fake.removeFromWallet(card.id);
    expect(removal?.status).toBe(200);
    expect(accepted.map((c) => c.eventType)).toEqual(['save', 'del']);
  });

  it('refuses a duplicate delivery of the same callback (same nonce)', async () => {
    await fetch(await wallet.saveLink([ref]));
    const replay = await fake.redeliver(fake.state().callbacks[0]!);
    expect(replay.status).toBe(400);
    expect(accepted).toHaveLength(1);
    await expect(verifier.verify(replay.body)).rejects.toBeInstanceOf(ReplayedCallbackError);
  });

  it('the save page refuses a JWT of another key, a wrong typ, an unknown object and a link of 1,800 characters', async () => {
    const sign = (claims: Record<string, unknown>, key = saKey.privateKey) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(SA_EMAIL)
        .setAudience('google')
        .sign(key);
    const save = async (jwt: string) => (await fetch(`${fake.url}/gp/v/save/${jwt}`)).status;
    const payload = { loyaltyObjects: [ref] };
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(await save(await sign({ typ: 'savetowallet', payload }, otherKey))).toBe(400);
    expect(await save(await sign({ typ: 'other', payload }))).toBe(400);
    const unknown = { loyaltyObjects: [{ id: `${ISSUER}.nobody`, classId: cls.id }] };
    expect(await save(await sign({ typ: 'savetowallet', payload: unknown }))).toBe(404);
    const long = { loyaltyObjects: Array.from({ length: 20 }, () => ref) };
    expect(await save(await sign({ typ: 'savetowallet', payload: long }))).toBe(400);
    expect(fake.state().objects[0]).toMatchObject({ hasUsers: false });
    expect(fake.state().callbacks).toEqual([]);
  });

  it('creates an object carried in full by the JWT but never updates an existing one', async () => {
    const fresh = aLoyaltyObject(ISSUER, { id: `${ISSUER}.from-jwt`, accountName: 'Jan' });
    const changed = { ...card, accountName: 'Przejęte' };
    // One full object per link: two would pass 1,800 characters (why the adapter only sends references).
    for (const object of [fresh, changed]) {
      const jwt = await new SignJWT({ typ: 'savetowallet', payload: { loyaltyObjects: [object] } })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(SA_EMAIL)
        .setAudience('google')
        .sign(saKey.privateKey);
      expect((await fetch(`${fake.url}/gp/v/save/${jwt}`)).status).toBe(200);
    }
    const byId = new Map(fake.state().objects.map((o) => [o.id, o]));
    expect(byId.get(fresh.id)).toMatchObject({ accountName: 'Jan', hasUsers: true });
    expect(byId.get(card.id)).toMatchObject({ accountName: 'Anna Kowalska', hasUsers: true });
  });

  describe('forged callbacks are refused', () => {
    const message = { classId: cls.id, objectId: card.id, eventType: 'save' as const };
    const otherEcKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

    it.each([
      [
        'signed by another root key',
        () => fake.signer.sign(message, { rootPrivateKey: otherEcKey() }),
        IntermediateKeySignatureError,
      ],
      [
        'signed by another intermediate key',
        () => fake.signer.sign(message, { intermediatePrivateKey: otherEcKey() }),
        MessageSignatureError,
      ],
      [
        'with an expired intermediate key',
        () => fake.signer.sign(message, { intermediateKeyExpiration: fake.now().getTime() - 1 }),
        IntermediateKeyExpiredError,
      ],
      [
        'with an expired message',
        () => fake.signer.sign({ ...message, expTimeMillis: fake.now().getTime() - 1 }),
        MessageExpiredError,
      ],
      [
        'of another protocol',
        () => fake.signer.sign(message, { protocolVersion: 'ECv1' }),
        UnsupportedProtocolError,
      ],
      [
        'with a tampered message',
        () => {
          const body = fake.signer.sign(message);
          return { ...body, signedMessage: body.signedMessage.replace(card.id, `${ISSUER}.someone-else`) };
        },
        MessageSignatureError,
      ],
      [
        'with a tampered intermediate key expiry',
        () => {
          const body = fake.signer.sign(message, { intermediateKeyExpiration: fake.now().getTime() - 1 });
          const signedKey = body.intermediateSigningKey.signedKey.replace(
            /"keyExpiration":"\d+"/,
            '"keyExpiration":"99999999999999"',
          );
          return { ...body, intermediateSigningKey: { ...body.intermediateSigningKey, signedKey } };
        },
        IntermediateKeySignatureError,
      ],
      ['that is not JSON', () => '{"signature":', MalformedCallbackError],
      [
        'without signatures',
        () => ({ ...fake.signer.sign(message), intermediateSigningKey: {} }),
        MalformedCallbackError,
      ],
    ])('a callback %s', async (_name, body, refusal) => {
      await expect(verifier.verify(body())).rejects.toBeInstanceOf(refusal);
      expect(accepted).toEqual([]);
    });

    it('a message signed for another issuer', async () => {
      const forOther = new GoogleCallbackVerifier({
        issuerId: '3388000000099999999',
        rootKeys: [fake.rootPublicKeyPem],
        seen: async () => true,
        now: fake.now,
      });
      await expect(forOther.verify(fake.signer.sign(message))).rejects.toBeInstanceOf(MessageSignatureError);
    });

    it('a forged callback does not burn the nonce of the genuine one', async () => {
      const forged = fake.signer.sign({ ...message, nonce: 'n-1' }, { rootPrivateKey: otherEcKey() });
      await expect(verifier.verify(forged)).rejects.toBeInstanceOf(IntermediateKeySignatureError);
      expect(await verifier.verify(fake.signer.sign({ ...message, nonce: 'n-1' }))).toMatchObject({
        nonce: 'n-1',
      });
    });
  });

  it('keeps accepting callbacks after the intermediate key rotates (clock moved a day)', async () => {
    await fetch(await wallet.saveLink([ref]));
    fake.advanceClock(25 * 60 * 60 * 1000);
    await fake.removeFromWallet(card.id);
    expect(accepted.map((c) => c.eventType)).toEqual(['save', 'del']);
    const keys = fake
      .state()
      .callbacks.map((c) => JSON.parse(c.body.intermediateSigningKey.signedKey).keyValue);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
