import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The server renders the first HTML itself from the manifest (public/build/.vite/manifest.json),
// so there is one entry and every asset is served under /build/.
export default defineConfig({
  base: '/build/',
  plugins: [react(), tailwindcss()],
  resolve: {
    // '@common' first: '@' only matches '@' or '@/…', but keep the order explicit.
    alias: [
      { find: '@common', replacement: fromRoot('./common') },
      { find: '@', replacement: fromRoot('./web') },
    ],
  },
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: 'web/app.tsx',
    },
  },
});
