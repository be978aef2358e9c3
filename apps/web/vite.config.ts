import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHints } from './compile-hints';
import { precompress } from './precompress';

// `pnpm dev` runs the API server on PORT (default 3000): the dev proxy follows it
const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileHints(/react-dom[\\/](cjs[\\/]react-dom-client|client)/),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/robots.txt': apiTarget,
      '/sitemap.xml': apiTarget,
      '/sitemaps': apiTarget,
    },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
