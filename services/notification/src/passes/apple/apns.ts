import { readFileSync } from 'node:fs';
import { ConfigError } from '@punkto/platform/config/config';
import type { Apns, ApnsRecords } from '../providers/apns/apns.port';
import { documentProviderTokenStore, Http2Apns, type ApnsAuth } from '../providers/apns/http2-apns';
import { RecordedApns } from '../providers/apns/recorded-apns';
import { apnsKeyFile, appleCertificateFiles, type NotificationDeps } from '../../config';

const read = (file: string, name: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError([`${name}: cannot read ${file}`]);
  }
};

/**
 * The APNs adapter by configuration: APNs over HTTP/2 with the token signing key (APNS_KEY_FILE +
 * APNS_KEY_ID) or with the pass certificate, or (no certificates: `npm start`) the embedded recorder, whose
 * pushes the dev page shows (`records`).
 */
export async function apnsOf(
  deps: Pick<NotificationDeps, 'config' | 'infra' | 'clock'>,
): Promise<{ apns: Apns; records: ApnsRecords | null }> {
  const { config } = deps;
  const topic = config.APPLE_PASS_TYPE_IDENTIFIER;
  const key = apnsKeyFile(config);
  const certificates = appleCertificateFiles(config);
  let auth: ApnsAuth | null = null;
  if (key) {
    const privateKeyPem = read(key.file, 'APNS_KEY_FILE');
    if (!privateKeyPem.includes('BEGIN PRIVATE KEY'))
      throw new ConfigError([
        'APNS_KEY_FILE: not an APNs key (the .p8 file from the Keys page of the Apple developer account)',
      ]);
    auth = { kind: 'token', keyId: key.keyId, teamId: config.APPLE_TEAM_IDENTIFIER, privateKeyPem };
  } else if (certificates)
    auth = {
      kind: 'certificate',
      cert: read(certificates.cert, 'APPLE_PASS_CERT_FILE'),
      key: read(certificates.key, 'APPLE_PASS_KEY_FILE'),
      ...(certificates.passphrase ? { passphrase: certificates.passphrase } : {}),
    };
  if (!auth) {
    const recorded = await RecordedApns.open(deps.infra.documents, { topic, now: deps.clock });
    return { apns: recorded, records: recorded };
  }
  return {
    apns: new Http2Apns({
      topic,
      auth,
      url: config.APNS_URL,
      ...(config.APNS_CA_FILE ? { ca: read(config.APNS_CA_FILE, 'APNS_CA_FILE') } : {}),
      now: deps.clock,
      // a restart and the other replicas reuse the provider token instead of minting one (429 within 20 min)
      tokenStore: documentProviderTokenStore(deps.infra.documents),
    }),
    records: null,
  };
}
