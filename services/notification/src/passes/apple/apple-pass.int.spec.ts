import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@punkto/platform/config/config';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applePassSigner, PKPASS_MIME_TYPE, type ApplePassContent } from './apple-pass';
import { useNativeRsa } from './native-rsa';
import {
  certificateProblems,
  configuredCertificates,
  developmentCertificates,
  generateDevelopmentChain,
  type PassCertificates,
} from './pass-certificates';
import { storeCardFields } from '@punkto/contracts/pass-fields';
import { signatureCertificates, signatureVerifies, unzipPass } from './testing/pkpass-reader';

const identity = { passTypeIdentifier: 'pass.pl.punkto.test', teamIdentifier: 'PUNKTOTEST' };
const now = new Date('2026-11-24T12:00:00Z');
/** a valid 1×1 PNG: Wallet needs real PNG files, their look does not matter here */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
let chain: PassCertificates;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'punkto-apple-pass-'));
  chain = await developmentCertificates(dir, identity, now);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const content = (overrides: Partial<ApplePassContent> = {}): ApplePassContent => ({
  serialNumber: 'card-6f1c',
  updates: { webServiceURL: 'https://punkto.example/api/v1/passkit', authenticationToken: 'a'.repeat(32) },
  organizationName: 'Kawiarnia Pod Lipą',
  description: 'Karta lojalnościowa Kawiarnia Pod Lipą',
  colors: { background: '#1f6f5c', foreground: '#ffffff', label: '#d8f3ea' },
  barcode: { message: 'punkto:v1:card-6f1c:1:sig', altText: '1234 5678 90' },
  fields: storeCardFields({
    kind: 'points',
    points: 120,
    cardNumber: '1234 5678 90',
    programName: 'Kawa za punkty',
    companyName: 'Kawiarnia Pod Lipą',
    companyAddress: 'ul. Długa 5, 00-001 Warszawa',
    terms: '1 pkt za każde wydane 1 zł.',
    portalUrl: 'https://punkto.example/klient/karty',
    nextReward: { name: 'Kawa gratis', cost: 200 },
  }),
  images: { 'icon.png': PNG, 'icon@2x.png': PNG, 'icon@3x.png': PNG, 'logo.png': PNG },
  ...overrides,
});

describe('native RSA for node-forge', () => {
  it('signs what OpenSSL signs, and forge itself verifies it', () => {
    useNativeRsa();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
    for (const algorithm of ['sha1', 'sha256'] as const) {
      const md = forge.md[algorithm].create();
      md.update('manifest bytes');
      const signature = Buffer.from(key.sign(md), 'binary');
      // PKCS#1 v1.5 is deterministic: the very bytes OpenSSL produces for the same key and message
      expect(signature).toEqual(sign(algorithm, Buffer.from('manifest bytes'), privateKey));
      expect(verify(algorithm, Buffer.from('manifest bytes'), publicKey, signature)).toBe(true);
      const forgePublic = forge.pki.publicKeyFromPem(
        publicKey.export({ type: 'spki', format: 'pem' }) as string,
      );
      expect(forgePublic.verify(md.digest().bytes(), signature.toString('binary'))).toBe(true);
    }
  });
});

describe('the certificates', () => {
  it('a generated development chain passes every check, and is kept across restarts', async () => {
    expect(certificateProblems(chain, identity, now)).toEqual([]);
    expect((await developmentCertificates(dir, identity, now)).signerCert).toBe(chain.signerCert);
  });

  it('a chain for another pass type is generated again', async () => {
    const other = await developmentCertificates(
      dir,
      { ...identity, passTypeIdentifier: 'pass.pl.other' },
      now,
    );
    expect(other.signerCert).not.toBe(chain.signerCert);
    chain = await developmentCertificates(dir, identity, now);
  });

  it('names every mistake at once: wrong pass type and team, expired, the wrong key, not G4', async () => {
    const stranger = await generateDevelopmentChain(identity, now);
    const problems = certificateProblems(
      { ...chain, signerKey: stranger.signerKey },
      { passTypeIdentifier: 'pass.pl.other', teamIdentifier: 'OTHERTEAM' },
      new Date('2040-01-01T00:00:00Z'),
    );
    expect(problems).toEqual([
      expect.stringContaining('APPLE_PASS_CERT_FILE: expired on'),
      'APPLE_PASS_KEY_FILE: is not the key of APPLE_PASS_CERT_FILE',
      expect.stringContaining(
        'issued for pass type pass.pl.punkto.test, not APPLE_PASS_TYPE_IDENTIFIER=pass.pl.other',
      ),
      expect.stringContaining('issued to team PUNKTOTEST, not APPLE_TEAM_IDENTIFIER=OTHERTEAM'),
      'APPLE_WWDR_CERT_FILE: expired',
    ]);
    const g3 = certificateProblems({ ...chain, wwdr: stranger.developmentRoot! }, identity, now);
    expect(g3).toEqual([
      expect.stringContaining('not the WWDR G4 intermediate'),
      'APPLE_PASS_CERT_FILE: was not issued by the certificate in APPLE_WWDR_CERT_FILE',
    ]);
  });

  it('configured files: an unreadable file, a PEM without its line breaks and a wrong passphrase are refused', () => {
    const encrypted = createPrivateKey(chain.signerKey).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'tajne-hasło',
    }) as string;
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const files = {
      cert: file('signer.pem', chain.signerCert.replace(/\n/g, ' ')),
      key: file('key.pem', encrypted),
      wwdr: join(dir, 'missing.pem'),
      passphrase: 'złe hasło',
    };
    expect(() => configuredCertificates(files, identity, now)).toThrow(ConfigError);
    try {
      configuredCertificates(files, identity, now);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([`APPLE_WWDR_CERT_FILE: cannot read ${files.wwdr}`]);
    }
    const wwdr = file('wwdr.pem', chain.wwdr);
    const problems = () => {
      try {
        configuredCertificates({ ...files, wwdr }, identity, now);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems()).toEqual([
      expect.stringContaining('APPLE_PASS_CERT_FILE: not a PEM certificate'),
      expect.stringContaining('APPLE_PASS_KEY_FILE: cannot be read as a private key'),
    ]);
    const usable = configuredCertificates(
      { cert: file('signer-ok.pem', chain.signerCert), key: files.key, wwdr, passphrase: 'tajne-hasło' },
      identity,
      now,
    );
    expect(
      createPublicKey(usable.signerCert).equals(
        createPublicKey(createPrivateKey({ key: encrypted, passphrase: 'tajne-hasło' })),
      ),
    ).toBe(true);
  });
});

describe('a signed storeCard pass', () => {
  it('holds pass.json, the images, pl.lproj and a manifest whose SHA-1s match; openssl verifies the signature', async () => {
    const pkpass = applePassSigner(chain, identity).build(content());
    expect(PKPASS_MIME_TYPE).toBe('application/vnd.apple.pkpass');
    const files = await unzipPass(pkpass);
    expect([...files.keys()].sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'manifest.json',
        'pass.json',
        'pl.lproj/pass.strings',
        'signature',
      ].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(
      [...files.keys()].filter((f) => f !== 'manifest.json' && f !== 'signature').sort(),
    );
    for (const [name, sha1] of Object.entries(manifest))
      expect(createHash('sha1').update(files.get(name)!).digest('hex'), name).toBe(sha1);

    // the signature carries the WWDR intermediate and the signer, and chains to the development root
    const [manifestFile, signature] = [files.get('manifest.json')!, files.get('signature')!];
    expect(signatureVerifies(manifestFile, signature, chain.developmentRoot!)).toBe(true);
    const certs = signatureCertificates(signature);
    expect(certs).toContain('Punkto Development WWDR');
    expect(certs).toContain('Pass Type ID: pass.pl.punkto.test');
    const tampered = Buffer.from(manifestFile.toString().replace('"pass.json":"', '"pass.json":"0'));
    expect(signatureVerifies(tampered, signature, chain.developmentRoot!)).toBe(false);
    const stranger = (await generateDevelopmentChain(identity, now)).developmentRoot!;
    expect(signatureVerifies(manifestFile, signature, stranger)).toBe(false);

    const pass = JSON.parse(files.get('pass.json')!.toString());
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.pl.punkto.test',
      teamIdentifier: 'PUNKTOTEST',
      serialNumber: 'card-6f1c',
      organizationName: 'Kawiarnia Pod Lipą',
      webServiceURL: 'https://punkto.example/api/v1/passkit',
      authenticationToken: 'a'.repeat(32),
      backgroundColor: 'rgb(31, 111, 92)',
      barcodes: [
        { format: 'PKBarcodeFormatQR', message: 'punkto:v1:card-6f1c:1:sig', altText: '1234 5678 90' },
      ],
      storeCard: {
        primaryFields: [{ key: 'balance', label: 'Punkty', value: 120, changeMessage: 'Masz teraz %@ pkt' }],
        secondaryFields: [
          { key: 'nextReward', label: 'Następna nagroda', value: 'Kawa gratis' },
          expect.objectContaining({ key: 'progress', label: 'Brakuje', value: '80 pkt' }),
        ],
      },
    });
    expect(files.get('pl.lproj/pass.strings')!.toString()).toContain('"Punkty" = "Punkty";');
  });

  it('refuses a pass Wallet would reject: no icon, a short token, a bad colour', () => {
    const signer = applePassSigner(chain, identity);
    expect(() => signer.build(content({ images: { 'logo.png': PNG } }))).toThrow('icon.png is required');
    expect(() =>
      signer.build(
        content({
          updates: { webServiceURL: 'https://punkto.example/passkit', authenticationToken: 'short' },
        }),
      ),
    ).toThrow('at least 16 characters');
    expect(() =>
      signer.build(content({ colors: { background: 'green', foreground: '#fff', label: '#000000' } })),
    ).toThrow('#rrggbb');
  });

  it('a voided pass, and one without updates (no web service, no token in it)', async () => {
    const signer = applePassSigner(chain, identity);
    const voided = JSON.parse(
      (await unzipPass(signer.build(content({ voided: true })))).get('pass.json')!.toString(),
    );
    expect(voided.voided).toBe(true);
    const offline = JSON.parse(
      (await unzipPass(signer.build(content({ updates: null })))).get('pass.json')!.toString(),
    );
    expect(offline.webServiceURL).toBeUndefined();
    expect(offline.authenticationToken).toBeUndefined();
  });
});
