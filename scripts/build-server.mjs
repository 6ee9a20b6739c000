// Bundles the gateway and every service into one ESM file each (`<package>/dist/main.js`).
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

const started = Date.now();
await Promise.all(
  entries.map((dir) =>
    build({
      entryPoints: [join(dir, 'src', 'main.ts')],
      outfile: join(dir, 'dist', 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalDependencies],
    }),
  ),
);
console.log(`built ${entries.length} server bundles in ${Date.now() - started} ms`);
