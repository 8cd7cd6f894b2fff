import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { pageContextWithoutRouter } from './site/vite/pageContextWithoutRouter.js';
import { preactForPages } from './site/vite/preactForPages.js';
import { precompress } from './site/vite/precompress.js';

/**
 * The public site's build (Vike + vike-react, pages in `site/pages`); the admin has its own (`vite.admin.config.ts`).
 * The Fastify server hosts the result: Vite's dev middleware in development, `dist/client` in production.
 */
export default defineConfig({
  plugins: [react(), vike(), preactForPages(), pageContextWithoutRouter(), precompress()],
  // `@lib/…` instead of `../../../../../lib/…` in the site's modules (the admin's build has the same alias; the server
  // keeps relative imports).
  resolve: { alias: { '@lib': fileURLToPath(new URL('./lib', import.meta.url)) } },
  // Files served as they are at the site's root: the favicons.
  publicDir: 'site/public',
  build: {
    target: 'es2022',
  },
  server: {
    // Only ever used as a middleware inside Fastify (server/site/plugin.ts).
    hmr: { port: 24678 },
  },
});
