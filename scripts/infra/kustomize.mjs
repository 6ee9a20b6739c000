#!/usr/bin/env node
// The real kustomize, for building k8s/overlays/* (the manifest validation in deploy/k8s-manifests.infra.spec.ts,
// run by `npm run test:infra`, and anyone rendering the overlays by hand).
//
// Installed once from the Go module proxy (`go install sigs.k8s.io/kustomize/kustomize/v5@<version>`, the
// default GOPROXY) into <cache>/kustomize-<version>/kustomize, where <cache> is ~/.cache/punkto-infra (or
// $PUNKTO_INFRA_CACHE), next to the Kafka jars and the FerretDB build. KUSTOMIZE_BIN, when set, wins.
//
//   node scripts/infra/kustomize.mjs                          prints the binary's path (installs it first)
//   node scripts/infra/kustomize.mjs build k8s/overlays/prod  runs it with these arguments
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** v5.7.1 builds with the Go in use here (1.26); newer lines may ask for a newer toolchain. */
export const KUSTOMIZE_VERSION = 'v5.7.1';
const cacheDir = resolve(process.env.PUNKTO_INFRA_CACHE ?? join(homedir(), '.cache', 'punkto-infra'));
export const kustomizeDir = join(cacheDir, `kustomize-${KUSTOMIZE_VERSION}`);

function run(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, options);
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The path of a kustomize binary: KUSTOMIZE_BIN, or the cached one, installed on first use. Rejects when Go is
 * missing or the install fails (the caller decides whether that is a SKIP or a failure). Logs to stderr.
 */
export async function ensureKustomize() {
  if (process.env.KUSTOMIZE_BIN) return process.env.KUSTOMIZE_BIN;
  const binary = join(kustomizeDir, 'kustomize');
  if (existsSync(binary)) return binary;
  const goOk = await run('go', ['version'], { stdio: 'ignore' }).catch(() => 1);
  if (goOk !== 0) throw new Error('Go is not installed: cannot install kustomize from the Go module proxy');
  const started = Date.now();
  console.error(`[kustomize] installing ${KUSTOMIZE_VERSION} from the Go module proxy (first run only) …`);
  // GOBIN into a scratch folder, then one rename: a half-written binary is never taken for a cached one
  const scratch = `${kustomizeDir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const code = await run('go', ['install', `sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}`], {
    cwd: scratch, // outside any module: `go install pkg@version` ignores the repository
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOBIN: scratch, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' },
  });
  if (code !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`go install of kustomize ${KUSTOMIZE_VERSION} failed (exit ${code})`);
  }
  if (!existsSync(kustomizeDir)) renameSync(scratch, kustomizeDir);
  else rmSync(scratch, { recursive: true, force: true }); // another run finished first
  console.error(`[kustomize] installed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${binary}`);
  return binary;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const binary = await ensureKustomize();
    const args = process.argv.slice(2);
    if (!args.length) console.log(binary);
    else process.exitCode = await run(binary, args, { stdio: 'inherit' });
  } catch (error) {
    console.error(`[kustomize] ${error.message}`);
    process.exitCode = 1;
  }
}
