// `npm run lighthouse [-- options]`: Lighthouse (mobile, its default, and desktop) against the built product.
//
//   node --import tsx scripts/lighthouse.mjs          starts the built product (as `npm start` does, on a fresh
//                                                     data directory), measures / and stops it again
//   node --import tsx scripts/lighthouse.mjs http://127.0.0.1:8080
//                                                     measures a product that is already running
//   --paths /,/blog   pages to measure (default /)         --runs 3   runs per page and form factor (median kept)
//   --form-factors mobile,desktop   which Lighthouse presets to run (default both)
//   --json FILE       also write every median result as JSON
//   --throttling simulate|devtools   Lighthouse's throttling method: `simulate` (its default) loads the page at
//                     full speed and computes the phone's timings from that trace; `devtools` really slows the
//                     network and the CPU while the page loads (slower to run, less sensitive to the model)
//   --port 18090      the port of the product it starts (LIGHTHOUSE_PORT; give each person on a machine their own)
//
// Signed-in pages: the owner's panel (`/panel…`, `/subskrypcja…`) and the customer portal (`/klient…`) are measured
// signed in, as their paths imply; `--signed-in owner|customer` signs in as that role for every path given
// (`--signed-in none`: every path anonymous, e.g. to measure the redirect to /zaloguj). Before the first such run
// it makes an owner (company "Kawiarnia Pod Lipą", a points program) and a customer enrolled in that program with
// points for a purchase, through the product's API and its dev mailbox (loopback only: the product it starts, or
// one on this machine); `--owner EMAIL:PASSWORD` / `--customer EMAIL:PASSWORD` use existing accounts instead.
// Each signed-in run logs in anew and starts with that session's cookies and a stored cookie choice ("Tylko
// niezbędne") in its fresh profile: a signed-in person who opens the page in a new browser (empty cache).
// A run that does not end on the page asked for (e.g. sent to /zaloguj) fails.
//
//   npm run lighthouse -- --paths /panel,/panel/klienci,/panel/analityka,/panel/wiadomosci,/panel/skaner,/klient,/klient/karty
//
// Requires `npm run build` first (when it starts the product). Prints the category scores and the key metrics
// (FCP, LCP, TBT, CLS, transfer size) and a Markdown table for docs/BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { createAccounts, roleForPath, sessionCookies } from './lighthouse/signed-in.ts';
import { answersOk } from './testing/answers-ok.ts';
import { CHROMIUM_FLAGS, chromiumPath } from './testing/chromium.ts';

const root = resolve(import.meta.dirname, '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    paths: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    json: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
    port: { type: 'string', default: process.env.LIGHTHOUSE_PORT ?? '18090' },
    'signed-in': { type: 'string' },
    owner: { type: 'string' },
    customer: { type: 'string' },
  },
});
const signedIn = values['signed-in'];
if (signedIn !== undefined && !['owner', 'customer', 'none'].includes(signedIn))
  throw new Error(`--signed-in owner|customer|none, not ${signedIn}`);
/** The role each page is measured as (undefined: anonymous). */
const roleOf = (path) =>
  signedIn === undefined ? roleForPath(path) : signedIn === 'none' ? undefined : signedIn;
/** `EMAIL:PASSWORD` of an existing account */
const givenAccount = (role, value) => {
  if (!value) return undefined;
  const colon = value.indexOf(':');
  if (colon < 1) throw new Error(`--${role} EMAIL:PASSWORD`);
  return { role, email: value.slice(0, colon), password: value.slice(colon + 1) };
};
const paths = values.paths.split(',').map((p) => p.trim() || '/');
const runs = Math.max(1, Number(values.runs) || 1);
if (!['simulate', 'devtools'].includes(values.throttling))
  throw new Error(`--throttling simulate|devtools, not ${values.throttling}`);
const formFactors = values['form-factors'].split(',').filter((f) => f === 'mobile' || f === 'desktop');

/** A port nobody listens on now (the system's choice). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The services of one product (its gateway reaches them at these URLs; they listen on their ports). */
const SERVICES = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'];

/**
 * Starts deploy/local/start.mjs on a temporary data directory; resolves once every service is ready. The
 * services listen on free ports of their own, not on their defaults (8081…8086): another product on this
 * machine may hold those, and this gateway would then measure that product's services.
 */
async function startProduct(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-lighthouse-'));
  const output = [];
  const serviceUrls = {};
  for (const name of SERVICES)
    serviceUrls[`${name.toUpperCase().replace(/-/g, '_')}_URL`] = `http://127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, ['deploy/local/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...serviceUrls,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the product exited early (is another one running?):\n${output.join('')}`);
    }
    const ready = await answersOk(`${baseUrl}/readyz/upstreams`);
    if (ready) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the product was not ready in 90 s:\n${output.join('')}`);
}

/** Gives a running Chromium's profile these cookies (over its DevTools port), then lets go of it. */
async function addCookies(chromePort, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    await browser.contexts()[0].addCookies(cookies);
  } finally {
    await browser.close(); // a browser connected to over CDP is only disconnected, not closed
  }
}

/**
 * One Lighthouse run in a fresh Chromium (fresh profile: a first visit, empty cache); for a signed-in page the
 * profile has that person's session cookies first (Lighthouse clears caches and storage, not cookies).
 */
async function runOnce(url, formFactor, account) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_FLAGS],
  });
  try {
    if (account) await addCookies(chrome.port, await sessionCookies(new URL(url).origin, account));
    const flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      throttlingMethod: values.throttling,
    };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (process.env.LIGHTHOUSE_REPORT_DIR && result) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${formFactor}-${Date.now()}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(result.lhr));
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const asked = new URL(url);
    const ended = new URL(lhr.finalDisplayedUrl);
    if (account && ended.pathname + ended.search !== asked.pathname + asked.search)
      throw new Error(`${url}: signed in as ${account.role}, the page ended on ${lhr.finalDisplayedUrl}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      url,
      formFactor,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      transferKiB: metric('total-byte-weight') / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP …): such a run is
 * repeated, twice at most, rather than ending the whole measurement.
 */
async function withRetries(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(
        `  (run failed, repeating: ${error instanceof Error ? error.message.split('\n')[0] : error})`,
      );
    }
  }
}

/** The run with the median performance score (ties: the median LCP), as Lighthouse's docs recommend. */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (r, path) =>
  `| ${path} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
  `${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.transferKiB.toFixed(0)} KiB | ` +
  `${Math.round(r.benchmarkIndex)} |`;

let product;
let baseUrl = positionals[0]?.replace(/\/+$/, '');
try {
  if (!baseUrl) {
    console.log(`Starting the built product on port ${values.port}…`);
    product = await startProduct(Number(values.port));
    baseUrl = product.baseUrl;
  }
  const accounts = {
    owner: givenAccount('owner', values.owner),
    customer: givenAccount('customer', values.customer),
  };
  if (paths.some((path) => roleOf(path) && !accounts[roleOf(path)])) {
    console.log('Making an owner with a company and a program, and a customer with a card…');
    const made = await createAccounts(baseUrl);
    accounts.owner ??= made.owner;
    accounts.customer ??= made.customer;
  }
  const medians = [];
  for (const path of paths) {
    const role = roleOf(path);
    const account = role && accounts[role];
    const label = role ? `${path} (${role})` : path;
    for (const formFactor of formFactors) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const result = await withRetries(() => runOnce(`${baseUrl}${path}`, formFactor, account));
        results.push(result);
        console.log(
          `  ${label} ${formFactor} run ${i + 1}/${runs}: performance ${result.performance}, ` +
            `FCP ${s(result.fcpMs)}, LCP ${s(result.lcpMs)}, TBT ${Math.round(result.tbtMs)} ms, ` +
            `CLS ${result.cls.toFixed(3)}, CPU benchmark ${result.benchmarkIndex}`,
        );
      }
      medians.push({ path: label, runs: results.length, ...median(results) });
    }
  }

  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2));
  console.log(
    `\nLighthouse ${medians[0]?.lighthouseVersion} on ${baseUrl}, ${new Date().toISOString().slice(0, 10)}, ` +
      `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}, ${medians[0]?.userAgent}; load average ${load.join(' / ')}; ` +
      `${values.throttling} throttling; median of ${runs} run(s) per row\n`,
  );
  console.log(
    '| page | form factor | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | transfer | CPU benchmark |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of medians) console.log(row(m, m.path));
  if (values.json) writeFileSync(values.json, JSON.stringify(medians, null, 2));
} finally {
  await product?.stop();
}
