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
import { createServer, defineConfig, type Plugin } from 'vite';
import type { BlogPost } from './src/features/blog/content/blog-post.schema';
import { loadBlogPosts, renderBlogModule } from './src/features/blog/content/load-posts';
import {
  blogStaticPages as staticBlogPages,
  renderStaticPage,
  type StaticPage,
} from './src/features/blog/content/prerender';
import { scannerPwa } from './scanner-pwa';
import { preloadWhenCold } from './preload-when-cold';

// Paths are absolute so the config works both from web/ (`npm run build -w @punkto/web`)
// and from the repository root (`npx vite build web`).
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const backend = 'http://localhost:8080';

const routerPluginOptions = {
  target: 'react',
  autoCodeSplitting: true,
  // Route loaders in the route's lazy chunks too (ADR 0065): in the start-up code every route's loader brought the
  // contracts of its data (the whole contracts chunk, libphonenumber included) to every page. The first data of the
  // portal's pages is asked for by public/boot.js beside the profile, so it does not wait for the loader's chunk.
  codeSplittingOptions: {
    defaultBehavior: [
      ['loader'],
      ['component'],
      ['pendingComponent'],
      ['errorComponent'],
      ['notFoundComponent'],
    ],
  },
  routesDirectory: fromHere('./src/routes'),
  generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
} as const;

/** A public page rendered to HTML at build time by the app itself (src/prerender.tsx). */
type PrerenderedPage = {
  /** the page's path and query as a visitor opens it: `/zaloguj`, `/stworz-konto?typ=firma` */
  url: string;
  /** its file in dist */
  file: string;
  /**
   * `exact`: served only for this very URL (the page's content depends on its query, so another query gets the
   * app's shell); `any`: served whatever the query (`?utm_source=…`), as the content does not depend on it
   */
  query: 'exact' | 'any';
  /**
   * with `exact`: query parameters the page's markup does not depend on, ignored when the gateway matches the URL
   * (`/zaloguj?redirect=%2Fpanel` is the login page as built: the target is read only after logging in)
   */
  sameFor?: readonly string[];
  /** its route modules, whose lazy chunks the app loads before it adopts the page (start-after-paint preloads them) */
  modules: readonly string[];
  /** the blog's pages keep the head the blog plugin wrote (title, description, Open Graph tags) */
  head?: StaticPage;
};

/**
 * Every public page a first-time visitor may open: rendered at build time, served by the gateway for its URL
 * (dist/prerendered.json), adopted by the app when it is needed (ADR 0009, ADR 0030). The blog adds its index
 * and posts (blogPosts below).
 */
const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { url: '/', file: 'home.html', query: 'any', modules: ['./src/routes/index.tsx'] },
  { url: '/pomoc', file: 'pages/pomoc.html', query: 'exact', modules: ['./src/routes/pomoc.tsx'] },
  { url: '/regulamin', file: 'pages/regulamin.html', query: 'any', modules: ['./src/routes/regulamin.tsx'] },
  // where the gateway sends a visitor without a session who opened the panel or the portal (ADR 0063)
  {
    url: '/zaloguj',
    file: 'pages/zaloguj.html',
    query: 'exact',
    sameFor: ['redirect'],
    modules: ['./src/routes/zaloguj.tsx'],
  },
  {
    url: '/zaloguj?type=customer',
    file: 'pages/zaloguj-klient.html',
    query: 'exact',
    sameFor: ['redirect'],
    modules: ['./src/routes/zaloguj.tsx'],
  },
  ...['', '?typ=firma', '?typ=klient'].map((query): PrerenderedPage => ({
    url: `/stworz-konto${query}`,
    file: `pages/stworz-konto${query.replace('?typ=', '-')}.html`,
    query: 'exact',
    modules: ['./src/routes/stworz-konto/index.tsx'],
  })),
];

/** The module the blog's routes load their posts from (a chunk of its own, with the posts' HTML). */
const BLOG_POSTS_MODULE = './src/features/blog/api/get-posts.ts';

/** The blog's pre-rendered pages: its index and every published post, with the heads the blog plugin made. */
function blogPages(pages: readonly StaticPage[]): PrerenderedPage[] {
  return pages.map((page) =>
    page.path === '/blog'
      ? {
          url: page.path,
          file: 'blog/index.html',
          query: 'exact',
          modules: ['./src/routes/blog/index.tsx', BLOG_POSTS_MODULE],
          head: page,
        }
      : {
          url: page.path,
          file: `${page.path.slice(1)}/index.html`,
          query: 'any',
          modules: ['./src/routes/blog/$slug.tsx', BLOG_POSTS_MODULE],
          head: page,
        },
  );
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * After a build, renders every pre-rendered page with React on the server (a Vite SSR module graph of the same
 * sources) into copies of the built index.html: a page paints from the HTML and CSS alone, before its
 * JavaScript has loaded, and crawlers see it whole. Writes dist/prerendered.json, which tells the gateway
 * which file to serve for which URL.
 */
async function prerenderPages(
  outDir: string,
  startAfterPaint: string,
  startWhenNeeded: readonly string[],
  pages: readonly PrerenderedPage[],
  pageChunks: (page: PrerenderedPage) => readonly string[],
  assets: ReadonlyMap<string, string>,
): Promise<void> {
  const shell = await readFile(join(outDir, 'index.html'), 'utf8');
  // the app starts after the first paint (start-after-paint below) instead of from the shell's entry script
  const entryScript = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  if (!shell.includes('<div id="root"></div>') || !entryScript.test(shell)) {
    throw new Error('index.html: brak <div id="root"></div> lub skryptu aplikacji');
  }
  const template = shell
    .replace(entryScript, () => `<script type="module" crossorigin src="/${startAfterPaint}"></script>`)
    // its chunks are fetched after the first paint too, by start-after-paint
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // the staff scanner's app manifest (ADR 0049) belongs to the panel, not to the public pages
    .replace(/\s*<link rel="manifest"[^>]*>/, '')
    // What start-after-paint runs at the first paint (src/start-when-needed.ts: the consent dialog, the app's
    // start) comes with the page, at low priority so that it does not compete with the stylesheet: fetched only
    // then, its round trips came between the first paint and the consent dialog, and Lighthouse's simulation
    // counted them into the dialog's paint (the LCP of the pages whose largest element it is).
    .replace(
      '</head>',
      () =>
        `${startWhenNeeded.map((file) => `  <link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">\n`).join('')}  </head>`,
    );
  const server = await createServer({
    configFile: false,
    root: fromHere('.'),
    logLevel: 'error',
    plugins: [tanstackRouter(routerPluginOptions), react(), blogPosts(fromHere('./content/blog'))],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  try {
    const { renderPage, renderConsentDialog, appRoutePaths, signedInAreaPaths } = (await server.ssrLoadModule(
      '/src/prerender.tsx',
    )) as {
      renderPage: (url: string) => Promise<string>;
      renderConsentDialog: () => string;
      appRoutePaths: () => string[];
      signedInAreaPaths: () => Record<'business' | 'customer' | 'authenticated', string[]>;
    };
    // the consent dialog the page shows before the app has started (src/start-when-needed.ts)
    const consentDialog = `<template id="cookie-consent-template">${renderConsentDialog()}</template>`;
    const marker = '<!--prerendered-page-->';
    for (const page of pages) {
      // The SSR module graph gives imported files (the blog's pictures) their source address; the page gets the
      // built asset's.
      const body = (await renderPage(page.url)).replace(
        /\/([^"'\s?]+)\?no-inline/g,
        (source: string, file: string) => {
          const built = assets.get(file);
          if (!built) throw new Error(`${page.url}: ${source} is not an asset of this build`);
          return built;
        },
      );
      // The page's title as the app sets it (PageHeader: `<h1> · Punkto`); the blog's heads bring their own,
      // and the landing page keeps the shell's.
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]?.replace(/<[^>]*>/g, '');
      const head = page.head
        ? renderStaticPage(template, { ...page.head, bodyHtml: marker }, process.env.PUBLIC_URL ?? '')
        : page.url !== '/' && h1
          ? template
              .replace('<title>Punkto</title>', () => `<title>${h1} · Punkto</title>`)
              .replace('<div id="root"></div>', `<div id="root">${marker}</div>`)
          : template.replace('<div id="root"></div>', `<div id="root">${marker}</div>`);
      const chunks = pageChunks(page).join(' ');
      const html = head.replace(
        `<div id="root">${marker}</div>`,
        // data-prerendered: main.tsx hydrates this markup instead of rendering the page again;
        // data-page-chunks: the route chunks start-after-paint preloads with the app's
        () =>
          `<div id="root" data-prerendered data-page-chunks="${escapeAttribute(chunks)}">${body}</div>${consentDialog}`,
      );
      if (!html.includes(body)) throw new Error(`${page.url}: the page's markup did not fit its template`);
      mkdirSync(dirname(join(outDir, page.file)), { recursive: true });
      await writeFile(join(outDir, page.file), html);
    }
    // what the gateway serves for which URL (gateway/src/spa.ts)
    const manifest = pages.map(({ url, file, query, sameFor }) => ({ url, file, query, sameFor }));
    await writeFile(join(outDir, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The app's routes, so the gateway answers 404 for a path that has no page (gateway/src/public-site.ts);
    // the blog's posts are all pre-rendered, so another path under /blog/ is a 404 too.
    // The signed-in areas' pages, so a visitor without a session is sent to the login page by the gateway at
    // once instead of after the whole app has loaded (ADR 0063).
    const routes = {
      routes: appRoutePaths(),
      prerenderedOnly: ['/blog/$slug'],
      signedIn: signedInAreaPaths(),
    };
    await writeFile(join(outDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  } finally {
    await server.close();
  }
}

/**
 * `virtual:blog-posts`: web/content/blog/*.md parsed and validated at build time (a bad post fails the
 * build with the list of problems), so the client ships HTML and no Markdown parser. After a build it
 * also pre-renders /blog and every post to dist/blog/<slug>/index.html with their SEO and Open Graph tags
 * (absolute URLs when PUBLIC_URL is set at build time).
 */
function blogPosts(contentDir: string, onStaticPages?: (pages: StaticPage[]) => void): Plugin {
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
      const pages = staticBlogPages(posts, assetUrl);
      onStaticPages?.(pages);
      for (const page of pages) {
        const html = renderStaticPage(String(template.source), page, process.env.PUBLIC_URL ?? '');
        const dir = join(options.dir, page.path);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'index.html'), html);
      }
    },
  };
}

/**
 * Pre-renders the public pages (prerenderPages), then writes a Brotli (`.br`, quality 11) and a gzip (`.gz`)
 * copy next to every compressible file of the build (the blog pages are pre-rendered by then too), so the
 * gateway serves them with `preCompressed` and spends no CPU per request. Compression runs on libuv's thread
 * pool; skipped below 1 kB or when it would not help.
 */
function prerenderAndPrecompress(blogStatic: () => readonly StaticPage[]): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  let outDir = '';
  let startAfterPaint = '';
  /** src/start-when-needed.ts's chunk and the chunks it imports */
  let startWhenNeeded: string[] = [];
  let appChunks: string[] = [];
  let pageChunks: (page: PrerenderedPage) => string[] = () => [];
  /** the build's assets by their source file (relative to web/): `content/blog/images/x.svg` → `/assets/x-….svg` */
  const assets = new Map<string, string>();
  return {
    name: 'punkto:prerender-and-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'asset')
          for (const source of file.originalFileNames) assets.set(source, `/${file.fileName}`);
      const entry = (module: string) => {
        const chunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith(module),
        );
        if (!chunk) throw new Error(`the build has no entry chunk for ${module}`);
        return chunk.fileName;
      };
      // the app's entry chunk (src/main.tsx, the script of index.html)
      const app = entry('/index.html');
      // The entry's static chunks, each after the chunks it imports: the order they can run in one by one.
      const order: string[] = [];
      const seen = new Set<string>();
      const path: string[] = [];
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        // chunks that import each other cannot run one at a time (nor safely in any order): fail the build
        if (path.includes(fileName))
          throw new Error(`chunks import each other: ${[...path, fileName].join(' → ')}`);
        if (seen.has(fileName) || chunk?.type !== 'chunk') return;
        seen.add(fileName);
        path.push(fileName);
        chunk.imports.forEach(visit);
        path.pop();
        order.push(fileName);
      };
      visit(app);
      appChunks = [...order];
      // A pre-rendered page's lazy route chunks (and the modules they load, e.g. the blog's posts), which the router
      // loads before the app adopts the page: start-after-paint preloads them with the app's chunks.
      // (a copy of the chunk graph: the pages are rendered once the bundle has been written)
      const graph = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk'
            ? [
                [
                  file.fileName,
                  { imports: [...file.imports], module: file.facadeModuleId?.replace(/\?.*$/, '') },
                ],
              ]
            : [],
        ),
      );
      pageChunks = (page) => {
        const modules = page.modules.map(fromHere);
        const found: string[] = [];
        const add = (fileName: string) => {
          if (appChunks.includes(fileName) || found.includes(fileName)) return;
          graph.get(fileName)?.imports.forEach(add);
          found.push(fileName);
        };
        for (const [fileName, chunk] of graph)
          if (chunk.module && modules.includes(chunk.module)) add(fileName);
        return found.map((fileName) => `/${fileName}`);
      };
      // what the landing page runs before the app must not pull in the app (a module missing from START_MODULES,
      // or the app's code, would be fetched and run with it)
      const onDemand = entry('/src/start-when-needed.ts');
      const chunkOf = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') throw new Error(`${fileName} is not a chunk of this build`);
        return chunk;
      };
      const startChunks = [onDemand, ...chunkOf(onDemand).imports];
      startWhenNeeded = startChunks;
      const outside = startChunks.flatMap((f) => chunkOf(f).moduleIds).filter((id) => !START_MODULES.has(id));
      const further = startChunks.flatMap((f) => chunkOf(f).imports).filter((f) => !startChunks.includes(f));
      if (outside.length > 0 || further.length > 0)
        throw new Error(
          `start-when-needed runs more than START_MODULES: ${[...outside, ...further].join(', ')}`,
        );
      // The script of a page rendered at build time. The page is on screen from its HTML and CSS, so the app
      // is not what paints it: once the browser has painted, this hands the app's code to
      // src/start-when-needed.ts, which starts it when the visitor needs it (a phone shows the content first
      // instead of waiting for hundreds of kilobytes of JavaScript; loading even that small module before the
      // first paint delayed it, 0.1 s for FCP and up to 0.7 s for LCP in Lighthouse's simulation). All chunks
      // download together (modulepreload), with the page's route chunks; each preload link and each chunk's
      // evaluation is a task of its own, so starting the app never blocks the main thread for long. Should the
      // on-demand module fail, the app starts at once.
      const ref = this.emitFile({
        type: 'asset',
        name: 'start-after-paint.js',
        source: [
          `const chunks = ${JSON.stringify(appChunks.map((fileName) => `/${fileName}`))};`,
          "const root = document.getElementById('root');",
          "const pageChunks = ((root && root.getAttribute('data-page-chunks')) || '').split(' ').filter(Boolean);",
          `const startWhenNeeded = ${JSON.stringify(`/${onDemand}`)};`,
          'const nextTask = () => new Promise((resolve) => setTimeout(resolve));',
          'let preloading, starting, handedOver;',
          'function preload() {',
          '  preloading = preloading || (async () => {',
          '    for (const href of chunks.concat(pageChunks)) {',
          "      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });",
          "      link.crossOrigin = '';",
          '      document.head.append(link);',
          '      await nextTask();',
          '    }',
          '  })();',
          '  return preloading;',
          '}',
          'function start() {',
          '  starting = starting || (async () => {',
          '    await preload();',
          '    for (const href of chunks) {',
          '      await import(href);',
          '      await nextTask();',
          '    }',
          '  })();',
          '  return starting;',
          '}',
          '// A press on a button or a picker of the page, or a form sent, before start-when-needed has arrived is held for it',
          "// (the page's buttons and forms are the app's: without it they would do nothing, or send a form as a GET)",
          'let early = {};',
          'function holdClick(event) {',
          '  if (event.defaultPrevented || event.button !== 0) return;',
          '  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;',
          '  const button = event.target instanceof Element ? event.target.closest(\'button, [role="combobox"]\') : null;',
          '  if (!button || !root || !root.contains(button)) return;',
          '  event.preventDefault();',
          '  if (!early.clicked && !early.submitted) early = { clicked: button };',
          '  handOver();',
          '}',
          'function holdSubmit(event) {',
          '  if (!root || !root.contains(event.target)) return;',
          '  event.preventDefault();',
          '  if (!early.clicked && !early.submitted) early = { submitted: { form: event.target, submitter: event.submitter || null } };',
          '  handOver();',
          '}',
          "document.addEventListener('click', holdClick, true);",
          "document.addEventListener('submit', holdSubmit, true);",
          'function handOver() {',
          '  if (handedOver) return;',
          '  handedOver = true;',
          '  import(startWhenNeeded)',
          '    .then((module) => {',
          "      document.removeEventListener('click', holdClick, true);",
          "      document.removeEventListener('submit', holdSubmit, true);",
          '      module.startWhenNeeded({ preload, start }, root, early);',
          '    })',
          '    .catch(start);',
          '}',
          '// after the first contentful paint; a browser that does not report paints (or a hidden tab) waits 3 s',
          '// (no syntax newer than ES2017: this script is not transpiled, and must start the app everywhere)',
          'setTimeout(handOver, 3000);',
          "if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {",
          '  new PerformanceObserver(function (list) {',
          "    if (list.getEntriesByName('first-contentful-paint').length) handOver();",
          "  }).observe({ type: 'paint', buffered: true });",
          '}',
          '',
        ].join('\n'),
      });
      startAfterPaint = this.getFileName(ref);
    },
    async closeBundle() {
      if (!existsSync(join(outDir, 'index.html'))) return; // the build failed
      await prerenderPages(
        outDir,
        startAfterPaint,
        startWhenNeeded,
        [...PRERENDERED_PAGES, ...blogPages(blogStatic())],
        pageChunks,
        assets,
      );
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

/**
 * What a page rendered at build time runs before the app (src/start-when-needed.ts and the modules it shares
 * with the app, whose state both use: the consent store): a chunk of their own, apart from the app's chunks.
 */
const START_MODULES = new Set(
  [
    './src/start-when-needed.ts',
    './src/app/app-started.ts',
    './src/features/auth/api/session-hint.ts',
    './src/features/cookie-consent/static-dialog.ts',
    './src/lib/bottom-banner-space.ts',
    './src/features/cookie-consent/stores/consent-store.ts',
    './src/features/cookie-consent/stores/consent-store-instance.ts',
    './src/features/cookie-consent/utils/consent-cookie.ts',
    './src/features/maintenance/api/maintenance-status-path.ts',
    './src/features/maintenance/hooks/banner-dismissal.ts',
    './src/lib/api/api-base.ts',
    './src/lib/app-link.ts',
    './src/lib/cookies.ts',
    '../contracts/src/session-hint.ts',
  ].map(fromHere),
);

/** The blog's static pages of this build (their heads), as the blog plugin made them. */
let blogStaticPages: readonly StaticPage[] = [];

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts (git-ignored)
    // and splits every route component into its own lazy chunk.
    tanstackRouter(routerPluginOptions),
    react(),
    blogPosts(fromHere('./content/blog'), (pages) => (blogStaticPages = pages)),
    prerenderAndPrecompress(() => blogStaticPages),
    preloadWhenCold(),
    // the staff scanner as an installable app with a service worker (ADR 0049); runs after the plugins above
    ...scannerPwa(fromHere('./public/favicon.svg')),
  ],
  // Sentry SDK build flags (ADR 0024): no debug logging, no inline replay compression worker (the CSP has no
  // `worker-src blob:`; replays go uncompressed), no iframe / shadow-DOM recording (the app has neither)
  define: {
    __SENTRY_DEBUG__: 'false',
    __SENTRY_EXCLUDE_REPLAY_WORKER__: 'true',
    __RRWEB_EXCLUDE_IFRAME__: 'true',
    __RRWEB_EXCLUDE_SHADOW_DOM__: 'true',
  },
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
      // the app (index.html → src/main.tsx), and what starts it on a page rendered at build time
      input: { index: fromHere('./index.html'), 'start-when-needed': fromHere('./src/start-when-needed.ts') },
      // start-when-needed is imported for its export (Vite's default drops an entry's exports)
      preserveEntrySignatures: 'exports-only',
      output: {
        // What the entry imports statically in eight chunks by library instead of some twenty small shared
        // chunks, so that a pre-rendered page can run them one task at a time (start-after-paint above), none
        // long on a phone. Route chunks stay lazy.
        codeSplitting: {
          groups: [
            ['start', (id: string) => START_MODULES.has(id)],
            ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
            ['router', /node_modules[\\/]@tanstack[\\/]/],
            ['zod', /node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-config\.ts$/],
            ['contracts', /[\\/]contracts[\\/]src[\\/]/],
            ['mantine', /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]/],
            ['mantine-core', /node_modules[\\/]@mantine[\\/]/],
            ['ui', /node_modules[\\/]/],
            ['app', undefined],
          ].map(([name, test], i, all) => ({
            name,
            test,
            tags: ['$initial'],
            priority: all.length - i,
          })),
        },
      },
    },
  },
});
