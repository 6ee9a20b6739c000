/**
 * Apple pass build + sign (passkit-generator, a 2048-bit RSA development chain): the library as shipped
 * (node-forge's JavaScript RSA) against the notification service's signer (the same library, RSA through
 * OpenSSL: services/notification/src/passes/apple/native-rsa.ts). Each side runs in a child process of its
 * own (the native signer changes node-forge for the whole process), one after the other, same run.
 *
 * Part of `npm run bench -- apple-pass`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fmt } from './stats';

const PASSES = 100;
/** passes of one company re-versioned by a branding change */
const REBRANDED = 10_000;

export async function applePassBench(work: string): Promise<string[]> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dir = join(work, 'apple-pass');
  mkdirSync(dir, { recursive: true });
  const run = (mode: 'forge' | 'native') =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(root, 'scripts/bench/apple-pass-child.ts'), mode, dir, String(PASSES)],
        { cwd: root, encoding: 'utf8' },
      ),
    ) as { p50: number; p99: number; perSecond: number; bytes: number };
  run('native'); // generates the development chain once, warms the disk cache
  const forge = run('forge');
  const native = run('native');
  const served = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'scripts/bench/apple-pass-served.ts'),
        join(work, 'apple-pass-served'),
        String(PASSES + 1),
      ],
      { cwd: root, encoding: 'utf8' },
    ),
  ) as Record<'cold' | 'cached', { p50: number; p99: number }>;
  const rebrand = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'scripts/bench/apple-pass-served.ts'),
        join(work, 'apple-pass-rebrand'),
        String(REBRANDED),
        'rebrand',
      ],
      { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 },
    ),
  ) as {
    passes: number;
    signed: number;
    seconds: number;
    first: { p50: number; p99: number };
    second: { p50: number; p99: number };
  };
  return [
    `## Apple pass build + sign (${PASSES} passes one after another, storeCard with 4 images, RSA-2048 development chain)`,
    '',
    '| case | passes/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| baseline: passkit-generator as shipped (node-forge JavaScript RSA) | ${fmt(forge.perSecond, 0)} | ${fmt(forge.p50)} | ${fmt(forge.p99)} |`,
    `| the notification service's signer (same library, RSA through node:crypto) | ${fmt(native.perSecond, 0)} | ${fmt(native.p50)} | ${fmt(native.p99)} |`,
    `| a customer's pass served from the copies, first request (read copies, build, sign) | — | ${fmt(served.cold.p50)} | ${fmt(served.cold.p99)} |`,
    `| the same pass again, same version (from the cache) | — | ${fmt(served.cached.p50)} | ${fmt(served.cached.p99)} |`,
    '',
    `| after a branding change of ${rebrand.passes.toLocaleString('en')} passes: the first phone's fetch (new version: build, sign) | — | ${fmt(rebrand.first.p50)} | ${fmt(rebrand.first.p99)} |`,
    `| the second phone's fetch of the same new version | — | ${fmt(rebrand.second.p50)} | ${fmt(rebrand.second.p99)} |`,
    '',
    `The branding change: ${rebrand.passes.toLocaleString('en')} passes, each held by two phones, served ${(2 * rebrand.passes).toLocaleString('en')} times in ${fmt(rebrand.seconds, 1)} s`,
    `with ${rebrand.signed.toLocaleString('en')} signings (the phones of a pass fetch it within one page of 500 pushes; the cache keeps 64 MiB of signed passes).`,
    '',
    `A pass is ${native.bytes.toLocaleString('en')} bytes. The signature is byte for byte the same either way (PKCS#1 v1.5 is`,
    'deterministic; apple-pass.int.spec.ts compares them); what remains per pass is building the zip, the SHA-1',
    `manifest and the PKCS#7 structure in JavaScript. Each pass blocks the event loop for its whole build.`,
    '',
  ];
}
