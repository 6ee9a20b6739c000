import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The staff scanner as an installable app that opens without a connection (ADR 0049): the web app manifest
 * (linked from index.html), its icons drawn from the favicon at build time, and the service worker
 * (src/service-worker/sw.ts) with the build's precache list injected by workbox-build. Nothing here or in the
 * worker is fetched from the internet.
 */

/** the scanner's colour (the favicon's) */
const BRAND = '#0ca678';

/** PNG icons from web/public/favicon.svg (a 64×64 view box), rendered with sharp (libvips) at each size. */
function pwaIcons(faviconPath: string): Plugin {
  const render = async (svg: Buffer, size: number) =>
    sharp(svg, { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toBuffer();
  return {
    name: 'punkto:pwa-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(faviconPath);
      for (const size of [192, 512])
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: await render(svg, size) });
      // maskable: the launcher cuts its own shape out of a full square, so the logo sits inside the safe zone
      // (the middle 80 %) on the brand colour
      const logo = await render(svg, 400);
      const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
        .composite([{ input: logo, top: 56, left: 56 }])
        .png()
        .toBuffer();
      this.emitFile({ type: 'asset', fileName: 'icons/icon-maskable-512.png', source: maskable });
    },
  };
}

export function scannerPwa(faviconPath: string): Plugin[] {
  return [
    pwaIcons(faviconPath),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      // registered by the panel (src/lib/offline/service-worker.ts), never on the public pages
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: '/panel/skaner',
        name: 'Punkto Skaner',
        short_name: 'Punkto Skaner',
        description:
          'Skaner kart lojalnościowych Punkto dla obsługi: punkty i pieczątki także bez połączenia.',
        lang: 'pl',
        start_url: '/panel/skaner',
        scope: '/panel',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // the shell, the app's code (every route's chunk: the panel's pages share most of the scanner's code,
        // and a lazy chunk missing offline would break the page that wants it), its styles, the QR decoder's
        // WebAssembly and the icons; not the pre-rendered public pages, the blog's pictures or compressed copies
        globPatterns: ['index.html', 'boot.js', 'assets/**/*.{js,css,wasm}', 'favicon.svg', 'icons/*.png'],
        globIgnores: ['**/*.br', '**/*.gz'],
        // the QR decoder's WebAssembly is about 1 MB
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // hashed names need no revision
        dontCacheBustURLsMatching: /^assets\//,
        rollupFormat: 'iife',
      },
    }),
  ];
}
