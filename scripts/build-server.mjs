// Bundles the one-process entry (`server/dist/main.js`, ADR 0028 and 0036: SERVICES selects the modules it
// hosts; one chunk per module, loaded only when selected) and the gateway and every service into one ESM file each
// (`<package>/dist/main.js`, a process hosting that module alone).
// Workspace packages (@punkto/*) are TypeScript sources and get bundled; npm dependencies stay external
// and load from node_modules at run time (native modules such as better-sqlite3 cannot be bundled).
import { build } from 'esbuild';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const entries = [
  'gateway',
  ...readdirSync('services')
    .filter((name) => name !== 'platform')
    .map((name) => join('services', name)),
].filter((dir) => existsSync(join(dir, 'src', 'main.ts')));

/**
 * The bundles load their npm dependencies from the ROOT node_modules. Where a workspace package got its own
 * copy (npm nests one when the root holds another version, e.g. a dev tool's older lru-cache), the bundle would
 * load the root's version instead of the one the code was written and tested against: refuse to build, naming
 * the dependency to declare in the root package.json so that npm hoists the right version.
 */
function refuseShadowedDependencies() {
  const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const problems = [];
  for (const dir of [
    'contracts',
    'gateway',
    ...readdirSync('services').map((name) => join('services', name)),
  ]) {
    if (!existsSync(join(dir, 'package.json'))) continue;
    for (const dependency of Object.keys(readJson(join(dir, 'package.json')).dependencies ?? {})) {
      const own = join(dir, 'node_modules', dependency, 'package.json');
      if (!existsSync(own)) continue;
      const root = join('node_modules', dependency, 'package.json');
      const rootVersion = existsSync(root) ? readJson(root).version : 'none';
      if (rootVersion !== readJson(own).version)
        problems.push(
          `${dir} needs ${dependency}@${readJson(own).version}, the bundle would load ${rootVersion}`,
        );
    }
  }
  if (problems.length) {
    console.error(`Server bundles would load other versions than their packages declare (add them to the root
package.json's dependencies):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
refuseShadowedDependencies();

const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@punkto/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
};

const started = Date.now();
await Promise.all([
  build({
    ...common,
    entryPoints: ['server/main.ts'],
    outdir: join('server', 'dist'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  }),
  ...entries.map((dir) =>
    build({ ...common, entryPoints: [join(dir, 'src', 'main.ts')], outfile: join(dir, 'dist', 'main.js') }),
  ),
]);
console.log(`built the one-process entry and ${entries.length} server bundles in ${Date.now() - started} ms`);
