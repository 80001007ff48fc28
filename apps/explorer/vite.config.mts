import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The explorer is served by the gateway under /explorer/ (a static bundle in dist/explorer), so its
 * assets are addressed from there. One chunk per page (React.lazy), and the chart library in the
 * chunk of the one page that draws charts.
 */
export default defineConfig({
  root: here('.'),
  base: '/explorer/',
  plugins: [react()],
  resolve: { alias: { '@aas/sdk': here('../../libs/sdk/src/index.ts') } },
  build: {
    outDir: here('../../dist/explorer'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    reportCompressedSize: true,
  },
  server: { port: 3510, proxy: { '^/(v1|v2|v3|health)/': { target: process.env.AAS_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } } },
});
