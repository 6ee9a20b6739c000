import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';

/**
 * What a phone does with a `.pkpass` before it trusts it, for tests: unzip it, and verify the detached
 * PKCS#7 signature over `manifest.json` with openssl against a root (the development chain's in tests).
 */
export function unzipPass(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

/** true when `signature` is a valid signature of `manifest` by a chain ending at `rootPem` (openssl smime) */
export function signatureVerifies(manifest: Buffer, signature: Buffer, rootPem: string): boolean {
  const work = mkdtempSync(join(tmpdir(), 'punkto-pkpass-'));
  try {
    writeFileSync(join(work, 'manifest.json'), manifest);
    writeFileSync(join(work, 'signature'), signature);
    writeFileSync(join(work, 'root.pem'), rootPem);
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
      ].concat(['-CAfile', 'root.pem', '-purpose', 'any', '-out', '/dev/null']),
      { cwd: work, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** the certificates the signature carries, as openssl prints them */
export function signatureCertificates(signature: Buffer): string {
  const work = mkdtempSync(join(tmpdir(), 'punkto-pkpass-'));
  try {
    writeFileSync(join(work, 'signature'), signature);
    return execFileSync(
      'openssl',
      ['pkcs7', '-inform', 'DER', '-in', 'signature', '-print_certs', '-noout'],
      {
        cwd: work,
      },
    ).toString();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** the files whose SHA-1 in `manifest.json` differs from their bytes, or that the manifest leaves out */
export function manifestMismatches(files: Map<string, Buffer>): string[] {
  const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as Record<string, string>;
  const wrong: string[] = [];
  for (const [name, bytes] of files) {
    if (name === 'manifest.json' || name === 'signature') continue;
    if (manifest[name] !== createHash('sha1').update(bytes).digest('hex')) wrong.push(name);
  }
  for (const name of Object.keys(manifest)) if (!files.has(name)) wrong.push(name);
  return wrong;
}
