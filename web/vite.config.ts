import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  },
});
