import { readFileSync } from 'node:fs';
import { ConfigError } from '@punkto/platform/config/config';
import type { GoogleWallet, GoogleWalletRecords } from '../providers/google/google-wallet.port';
import { RecordedGoogleWallet } from '../providers/google/recorded-google-wallet';
import { RestGoogleWallet } from '../providers/google/rest-google-wallet';
import type { NotificationDeps } from '../../config';

/**
 * The Google Wallet adapter by configuration: Google's REST API with the service account's JSON key file, or
 * (no key file: `npm start`) the embedded adapter, which keeps Google's side in the document store and signs
 * save links with a development key Google refuses (`development`).
 */
export async function googleWallet(deps: Pick<NotificationDeps, 'config' | 'infra' | 'clock'>): Promise<{
  wallet: GoogleWallet;
  development: boolean;
  records: GoogleWalletRecords | null;
  /** has the embedded adapter's save-link key ready before the first link (a warm-up, not needed to serve) */
  prepare: () => Promise<void>;
}> {
  const { config } = deps;
  const origins = [new URL(config.PUBLIC_URL).origin];
  if (!config.GOOGLE_WALLET_SERVICE_ACCOUNT_FILE) {
    const recorded = await RecordedGoogleWallet.open(deps.infra.documents, {
      issuerId: config.GOOGLE_WALLET_ISSUER_ID,
      origins,
      ...(config.GOOGLE_WALLET_SAVE_ORIGIN && { saveOrigin: config.GOOGLE_WALLET_SAVE_ORIGIN }),
      now: deps.clock,
    });
    return {
      wallet: recorded,
      development: true,
      records: recorded,
      prepare: () => recorded.prepareSigningKey(),
    };
  }
  return {
    wallet: new RestGoogleWallet({
      issuerId: config.GOOGLE_WALLET_ISSUER_ID,
      serviceAccount: serviceAccountOf(config.GOOGLE_WALLET_SERVICE_ACCOUNT_FILE),
      origins,
      ...(config.GOOGLE_WALLET_API_URL && { baseUrl: config.GOOGLE_WALLET_API_URL }),
      ...(config.GOOGLE_WALLET_TOKEN_URL && { tokenUrl: config.GOOGLE_WALLET_TOKEN_URL }),
      ...(config.GOOGLE_WALLET_SAVE_ORIGIN && { saveOrigin: config.GOOGLE_WALLET_SAVE_ORIGIN }),
      now: deps.clock,
    }),
    development: false,
    records: null,
    prepare: async () => {},
  };
}

/** the fields of a service account's JSON key file we use, checked at start-up */
function serviceAccountOf(file: string) {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError([
      `GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: cannot read ${file} as JSON (${(error as Error).message})`,
    ]);
  }
  const { client_email: clientEmail, private_key: privateKey, private_key_id: privateKeyId } = json;
  if (typeof clientEmail !== 'string' || typeof privateKey !== 'string')
    throw new ConfigError([
      'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: not a service account key (client_email and private_key are missing); download a JSON key of the service account in the Google Cloud console',
    ]);
  return { clientEmail, privateKey, ...(typeof privateKeyId === 'string' && { privateKeyId }) };
}
