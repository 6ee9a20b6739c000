import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths are absolute so the config works both from web/ (`npm run build -w @punkto/web`)
// and from the repository root (`npx vite build web`).
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const backend = 'http://localhost:8080';

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
