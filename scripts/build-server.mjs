// Bundles the one-process entry (`server/dist/main.js`, ADR 0028 and 0036: SERVICES selects the modules it
// hosts; one chunk per module, loaded only when selected) and the gateway and every service into one ESM file each
// (`<package>/dist/main.js`, a process hosting that module alone).
// Workspace packages (@punkto/*) are TypeScript sources and get bundled; npm dependencies stay external
// and load from node_modules at run time (native modules such as better-sqlite3 cannot be bundled).
import { build } from 'esbuild';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const entries = [
  'gateway',
  ...readdirSync('services')
    .filter((name) => name !== 'platform')
    .map((name) => join('services', name)),
].filter((dir) => existsSync(join(dir, 'src', 'main.ts')));

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
