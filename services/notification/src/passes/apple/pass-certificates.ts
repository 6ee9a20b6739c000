import { createPrivateKey, generateKeyPair, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '@punkto/platform/config/config';
import forge from 'node-forge';
import { useNativeRsa } from './native-rsa';

/**
 * The certificates an Apple pass is signed with: Apple's WWDR G4 intermediate, the pass type's signer
 * certificate and its RSA key (passkit-generator takes them as PEM contents, not paths).
 *
 * Configured ones are checked once at start-up with the mistakes people actually make (WALLET.md): the key
 * is not the certificate's, a wrong passphrase, an expired certificate, the G3 intermediate instead of G4
 * ("Manifest signature did not verify" on the phone), a pass type or team that is not the certificate's.
 * Without configuration a development chain is generated once and kept in the data directory, so the whole
 * path runs on `npm start`; phones reject passes signed by it, production loads Apple's (README). Its three
 * RSA keys take about a second of CPU to generate, so they are generated off the event loop (libuv's
 * thread pool) and only when the chain is first needed (apple-passes.ts: the first pass, or the warm-up
 * once the process is up), never before the service can answer.
 */
export interface PassCertificates {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  /** the development root that issued `wwdr`, when the chain was generated here (tests verify against it) */
  developmentRoot?: string;
}

export interface PassIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
}

/** `KEY=value` lines of an X.509 subject (node prints one per line) */
function subjectField(certificate: X509Certificate, key: string): string | null {
  const line = certificate.subject.split('\n').find((l) => l.startsWith(`${key}=`));
  return line ? line.slice(key.length + 1) : null;
}

/** Every problem of a configured chain at once (empty when usable). */
export function certificateProblems(
  certificates: PassCertificates,
  identity: PassIdentity,
  now: Date,
  names = { cert: 'APPLE_PASS_CERT_FILE', key: 'APPLE_PASS_KEY_FILE', wwdr: 'APPLE_WWDR_CERT_FILE' },
): string[] {
  const problems: string[] = [];
  const parse = (pem: string, name: string): X509Certificate | null => {
    try {
      return new X509Certificate(pem);
    } catch {
      problems.push(`${name}: not a PEM certificate ("-----BEGIN CERTIFICATE-----" with its line breaks)`);
      return null;
    }
  };
  const signer = parse(certificates.signerCert, names.cert);
  const wwdr = parse(certificates.wwdr, names.wwdr);
  let key: KeyObject | null = null;
  try {
    key = createPrivateKey({
      key: certificates.signerKey,
      passphrase: certificates.signerKeyPassphrase ?? '',
    });
  } catch {
    problems.push(
      `${names.key}: cannot be read as a private key with the configured passphrase (APPLE_PASS_KEY_PASSPHRASE); ` +
        'a Keychain .p12 export needs `openssl pkcs12 -legacy` (README)',
    );
  }
  if (key && key.asymmetricKeyType !== 'rsa')
    problems.push(`${names.key}: must be an RSA key (Wallet signs with RSA)`);
  if (signer) {
    if (Date.parse(signer.validTo) <= now.getTime())
      problems.push(`${names.cert}: expired on ${new Date(signer.validTo).toISOString().slice(0, 10)}`);
    if (Date.parse(signer.validFrom) > now.getTime())
      problems.push(`${names.cert}: not valid before ${new Date(signer.validFrom).toISOString()}`);
    if (key && !signer.checkPrivateKey(key)) problems.push(`${names.key}: is not the key of ${names.cert}`);
    const uid = subjectField(signer, 'UID');
    if (uid !== identity.passTypeIdentifier)
      problems.push(
        `${names.cert}: issued for pass type ${uid ?? '(none)'}, not APPLE_PASS_TYPE_IDENTIFIER=${identity.passTypeIdentifier}`,
      );
    const team = subjectField(signer, 'OU');
    if (team !== identity.teamIdentifier)
      problems.push(
        `${names.cert}: issued to team ${team ?? '(none)'}, not APPLE_TEAM_IDENTIFIER=${identity.teamIdentifier}`,
      );
  }
  if (wwdr) {
    if (subjectField(wwdr, 'OU') !== 'G4')
      problems.push(
        `${names.wwdr}: not the WWDR G4 intermediate (OU=G4); passes signed under another one fail on the phone ` +
          'with "Manifest signature did not verify"',
      );
    if (Date.parse(wwdr.validTo) <= now.getTime()) problems.push(`${names.wwdr}: expired`);
    if (signer && !signer.checkIssued(wwdr))
      problems.push(`${names.cert}: was not issued by the certificate in ${names.wwdr}`);
  }
  return problems;
}

// ─── the development chain ──────────────────────────────────────────────────────────────────────

const YEAR_MS = 365 * 86_400_000;

function certificate(options: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKeyPem: string;
  signerKeyPem: string;
  ca: boolean;
  now: Date;
  years: number;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(options.now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(options.now.getTime() + options.years * YEAR_MS);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca, critical: true },
    options.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, critical: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(options.signerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * RSA, as Apple's chain is (Wallet verifies the signature with RSA; certificateProblems refuses another key
 * type), and 2048 bits as Apple issues them. Generated on the thread pool: the event loop stays free.
 */
const rsaKeyPair = () =>
  promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

/** A root, a "WWDR G4" intermediate and a signer for the pass type, all generated here (keys in parallel). */
export async function generateDevelopmentChain(identity: PassIdentity, now: Date): Promise<PassCertificates> {
  useNativeRsa();
  const [root, wwdr, signer] = await Promise.all([rsaKeyPair(), rsaKeyPair(), rsaKeyPair()]);
  const rootName = [
    { shortName: 'CN', value: 'Punkto Development Root CA' },
    { shortName: 'O', value: 'Punkto (development)' },
  ];
  const wwdrName = [
    { shortName: 'CN', value: 'Punkto Development WWDR' },
    { shortName: 'OU', value: 'G4' },
    { shortName: 'O', value: 'Punkto (development)' },
  ];
  return {
    developmentRoot: certificate({
      subject: rootName,
      issuer: rootName,
      publicKeyPem: root.publicKey,
      signerKeyPem: root.privateKey,
      ca: true,
      now,
      years: 20,
    }),
    wwdr: certificate({
      subject: wwdrName,
      issuer: rootName,
      publicKeyPem: wwdr.publicKey,
      signerKeyPem: root.privateKey,
      ca: true,
      now,
      years: 10,
    }),
    signerCert: certificate({
      subject: [
        { type: '0.9.2342.19200300.100.1.1', value: identity.passTypeIdentifier }, // UID
        { shortName: 'CN', value: `Pass Type ID: ${identity.passTypeIdentifier}` },
        { shortName: 'OU', value: identity.teamIdentifier },
        { shortName: 'O', value: 'Punkto (development)' },
      ],
      issuer: wwdrName,
      publicKeyPem: signer.publicKey,
      signerKeyPem: wwdr.privateKey,
      ca: false,
      now,
      years: 5,
    }),
    signerKey: signer.privateKey,
  };
}

const DEV_FILES = { root: 'root.pem', wwdr: 'wwdr.pem', cert: 'signer.pem', key: 'signer-key.pem' } as const;

/**
 * The development chain of this data directory: generated on first use and kept (`<dataDir>/apple-pass-dev/`),
 * so passes stay verifiable across restarts; generated again when it no longer fits the configured identity
 * or expired.
 */
export async function developmentCertificates(
  dataDir: string,
  identity: PassIdentity,
  now: Date,
): Promise<PassCertificates> {
  const dir = join(dataDir, 'apple-pass-dev');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  if (Object.values(DEV_FILES).every((f) => existsSync(join(dir, f)))) {
    const kept: PassCertificates = {
      developmentRoot: read(DEV_FILES.root),
      wwdr: read(DEV_FILES.wwdr),
      signerCert: read(DEV_FILES.cert),
      signerKey: read(DEV_FILES.key),
    };
    if (certificateProblems(kept, identity, now).length === 0) return kept;
  }
  const fresh = await generateDevelopmentChain(identity, now);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const write = (file: string, content: string) => {
    writeFileSync(join(dir, `${file}.tmp`), content, { mode: 0o600 });
    renameSync(join(dir, `${file}.tmp`), join(dir, file)); // never a half-written key
  };
  write(DEV_FILES.root, fresh.developmentRoot!);
  write(DEV_FILES.wwdr, fresh.wwdr);
  write(DEV_FILES.cert, fresh.signerCert);
  write(DEV_FILES.key, fresh.signerKey);
  return fresh;
}

/** Configured certificates (files), checked; throws ConfigError listing every problem (the service does not start). */
export function configuredCertificates(
  files: { cert: string; key: string; wwdr: string; passphrase?: string | undefined },
  identity: PassIdentity,
  now: Date,
): PassCertificates {
  const problems: string[] = [];
  const read = (path: string, name: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      problems.push(`${name}: cannot read ${path}`);
      return '';
    }
  };
  const certificates: PassCertificates = {
    signerCert: read(files.cert, 'APPLE_PASS_CERT_FILE'),
    signerKey: read(files.key, 'APPLE_PASS_KEY_FILE'),
    wwdr: read(files.wwdr, 'APPLE_WWDR_CERT_FILE'),
    ...(files.passphrase !== undefined && { signerKeyPassphrase: files.passphrase }),
  };
  if (!problems.length) problems.push(...certificateProblems(certificates, identity, now));
  if (problems.length) throw new ConfigError(problems);
  return certificates;
}
