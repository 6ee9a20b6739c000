/** One side of the Apple pass benchmark (apple-pass.ts): builds N passes and prints their timing as JSON. */
import { applePassSigner } from '../../services/notification/src/passes/apple/apple-pass';
import { developmentCertificates } from '../../services/notification/src/passes/apple/pass-certificates';
import { storeCardFields } from '../../contracts/src/pass-fields';
import { summarize } from './stats';

const [mode, dir, count] = process.argv.slice(2) as ['forge' | 'native', string, string];
const identity = { passTypeIdentifier: 'pass.pl.punkto.bench', teamIdentifier: 'PUNKTOBNCH' };
const certificates = await developmentCertificates(dir, identity, new Date());
const signer = applePassSigner(certificates, identity, { nativeRsa: mode === 'native' });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const build = (i: number) =>
  signer.build({
    serialNumber: `card-${i}`,
    updates: { webServiceURL: 'https://punkto.example/api/v1/passkit', authenticationToken: 'x'.repeat(32) },
    organizationName: 'Kawiarnia',
    description: 'Karta lojalnościowa',
    colors: { background: '#1f6f5c', foreground: '#ffffff', label: '#d8f3ea' },
    barcode: { message: `punkto:v1:card-${i}:1:sig`, altText: '1234 5678 90' },
    fields: storeCardFields({
      kind: 'points',
      points: i,
      cardNumber: '1234 5678 90',
      programName: 'Kawa za punkty',
      companyName: 'Kawiarnia',
      companyAddress: 'ul. Długa 5, 00-001 Warszawa',
      terms: null,
      portalUrl: 'https://punkto.example/klient/karty',
      nextReward: { name: 'Kawa gratis', cost: 200 },
    }),
    images: { 'icon.png': PNG, 'icon@2x.png': PNG, 'icon@3x.png': PNG, 'logo.png': PNG },
  });
for (let i = 0; i < 5; i++) build(i); // warm-up
const latencies: number[] = [];
let bytes = 0;
const started = performance.now();
for (let i = 0; i < Number(count); i++) {
  const t = performance.now();
  bytes = build(i).length;
  latencies.push(performance.now() - t);
}
const elapsed = performance.now() - started;
const stats = summarize(latencies);
process.stdout.write(
  JSON.stringify({ p50: stats.p50, p99: stats.p99, perSecond: Number(count) / (elapsed / 1000), bytes }),
);
