import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import matter from 'gray-matter';
import { Marked } from 'marked';
import { defineConfig, type Plugin } from 'vite';
import type { BlogPost } from './src/features/blog/content/blog-post.schema';
import { loadBlogPosts, renderBlogModule } from './src/features/blog/content/load-posts';
import { blogStaticPages, renderStaticPage } from './src/features/blog/content/prerender';

// Paths are absolute so the config works both from web/ (`npm run build -w @punkto/web`)
// and from the repository root (`npx vite build web`).
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const backend = 'http://localhost:8080';

/**
 * `virtual:blog-posts`: web/content/blog/*.md parsed and validated at build time (a bad post fails the
 * build with the list of problems), so the client ships HTML and no Markdown parser. After a build it
 * also pre-renders /blog and every post to dist/blog/<slug>/index.html with their SEO and Open Graph tags
 * (absolute URLs when PUBLIC_URL is set at build time).
 */
function blogPosts(contentDir: string): Plugin {
  const id = 'virtual:blog-posts';
  const resolvedId = `\0${id}`;
  const markdown = new Marked({ gfm: true });
  let posts: BlogPost[] = [];
  return {
    name: 'punkto:blog-posts',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load(loadedId) {
      if (loadedId !== resolvedId) return undefined;
      const files = readdirSync(contentDir)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => {
          this.addWatchFile(join(contentDir, name));
          return { fileName: name, source: readFileSync(join(contentDir, name), 'utf8') };
        });
      posts = loadBlogPosts(files, {
        parseFrontMatter: (source) => matter(source),
        renderMarkdown: (text) => markdown.parse(text, { async: false }),
        resolveAsset: (fileName, ref) => {
          const path = resolve(dirname(join(contentDir, fileName)), ref);
          if (!existsSync(path)) throw new Error(`missing ${path}`);
          return path;
        },
      });
      return renderBlogModule(posts);
    },
    writeBundle(options, bundle) {
      const template = bundle['index.html'];
      if (!options.dir || template?.type !== 'asset' || posts.length === 0) return;
      const root = fromHere('.');
      const assetUrl = (source: string) => {
        const wanted = relative(root, source);
        const asset = Object.values(bundle).find(
          (file) => file.type === 'asset' && file.originalFileNames.includes(wanted),
        );
        return asset ? `/${asset.fileName}` : undefined;
      };
      for (const page of blogStaticPages(posts, assetUrl)) {
        const html = renderStaticPage(String(template.source), page, process.env.PUBLIC_URL ?? '');
        const dir = join(options.dir, page.path);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'index.html'), html);
      }
    },
  };
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`) copy next to every compressible file of the build
 * (after the blog pages are pre-rendered), so the gateway serves them with `preCompressed` and spends no CPU
 * per request. Compression runs on libuv's thread pool; skipped below 1 kB or when it would not help.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  let outDir = '';
  return {
    name: 'punkto:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!existsSync(outDir)) return;
      await Promise.all(
        files(outDir)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const source = await readFile(file);
            if (source.length < 1024) return;
            const [brotli, gzipped] = await Promise.all([
              br(source, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: 9 }),
            ]);
            if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
            if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
          }),
      );
    },
  };
}

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts (git-ignored)
    // and splits every route component into its own lazy chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
    }),
    react(),
    blogPosts(fromHere('./content/blog')),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/dev': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: a first visit fetches the entry, this chunk
        // and the CSS instead of some twenty small shared chunks (each a request; HTTP/1.1 serves six at a
        // time). Route chunks stay lazy.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
