import { startFakeApns, type FakeApns, type FakeApnsOptions } from './fake-apns';
import {
  startFakeGoogleWallet,
  type FakeGoogleWallet,
  type FakeGoogleWalletOptions,
} from './fake-google-wallet';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LOCAL_PASS_TYPE = 'pass.pl.punkto.dev';
export const LOCAL_APNS_TEAM = 'PUNKTODEV1';
export const LOCAL_SERVICE_ACCOUNT_KEY_ID = 'k1';

export interface LocalWalletProviders {
  apns: FakeApns;
  google: FakeGoogleWallet;
  /** the APNs signing key (PKCS#8 PEM), for a client of the local APNs outside the service */
  apnsKeyPem: string;
  /** the service account's private key (PKCS#8 PEM, key id LOCAL_SERVICE_ACCOUNT_KEY_ID), likewise */
  serviceAccountKeyPem: string;
  /** the notification service's settings for both: key files in a temporary directory, URLs, ids */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The local APNs (token auth, its own CA) and the local Google Wallet (a service account of its own), with the
 * key files the notification service reads written to a temporary directory: what the tests and benchmarks that
 * push to phones start before the service.
 */
export async function startLocalWalletProviders(options: {
  apnsKeyId: string;
  issuerId: string;
  serviceAccountEmail: string;
  now?: () => Date;
  onPush?: FakeApnsOptions['onPush'];
  onGoogleRequest?: FakeGoogleWalletOptions['onRequest'];
}): Promise<LocalWalletProviders> {
  const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apns = await startFakeApns({
    topic: LOCAL_PASS_TYPE,
    auth: { kind: 'token', teamId: LOCAL_APNS_TEAM, keyId: options.apnsKeyId, publicKey: apnsKey.publicKey },
    now: options.now,
    onPush: options.onPush,
  });
  const google = await startFakeGoogleWallet({
    issuerId: options.issuerId,
    serviceAccountPublicKey: saKey.publicKey,
    serviceAccountEmail: options.serviceAccountEmail,
    now: options.now,
    onRequest: options.onGoogleRequest,
  });
  const secrets = mkdtempSync(join(tmpdir(), 'punkto-wallet-secrets-'));
  const apnsKeyPem = apnsKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const serviceAccountKeyPem = saKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  writeFileSync(join(secrets, 'AuthKey.p8'), apnsKeyPem);
  writeFileSync(join(secrets, 'apns-ca.pem'), apns.ca);
  writeFileSync(
    join(secrets, 'sa.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: options.serviceAccountEmail,
      private_key: serviceAccountKeyPem,
      private_key_id: LOCAL_SERVICE_ACCOUNT_KEY_ID,
    }),
  );
  return {
    apns,
    google,
    apnsKeyPem,
    serviceAccountKeyPem,
    env: {
      APNS_KEY_FILE: join(secrets, 'AuthKey.p8'),
      APNS_KEY_ID: options.apnsKeyId,
      APNS_URL: apns.url,
      APNS_CA_FILE: join(secrets, 'apns-ca.pem'),
      GOOGLE_WALLET_ISSUER_ID: options.issuerId,
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: join(secrets, 'sa.json'),
      GOOGLE_WALLET_API_URL: google.baseUrl,
      GOOGLE_WALLET_TOKEN_URL: google.tokenUrl,
      GOOGLE_WALLET_SAVE_ORIGIN: google.url,
      GOOGLE_WALLET_ROOT_KEYS_URL: google.keysUrl,
    },
    close: async () => {
      await apns.close();
      await google.close();
      rmSync(secrets, { recursive: true, force: true });
    },
  };
}
