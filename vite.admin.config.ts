import react from '@vitejs/plugin-react';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CHUNK_GUARD_SOURCE, HEAD_ICONS } from './site/headBasics.js';
import { precompress } from './site/vite/precompress.js';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const NATIVE_OBJECT_ENTRIES = here('./admin/vite/nativeObjectEntries.ts');

/** The chunk-reload guard and the site's icons in the admin's head, as on every public page. */
function headBasics(): Plugin {
  return {
    name: 'admin:head-basics',
    transformIndexHtml: () => [
      { tag: 'script', children: CHUNK_GUARD_SOURCE, injectTo: 'head' },
      ...HEAD_ICONS.map((icon) => ({ tag: 'link', attrs: { rel: 'icon', ...icon }, injectTo: 'head' as const })),
    ],
  };
}

/** Empties the admin's own part of `dist/client` before it builds: the site's build leaves it alone. */
function cleanOwnOutput(): Plugin {
  return {
    name: 'admin:clean-own-output',
    apply: 'build',
    buildStart() {
      for (const folder of ['dist/client/admin', 'dist/client/assets/admin']) rmSync(here(`./${folder}`), { recursive: true, force: true });
    },
  };
}

/**
 * The admin's own build: a single-page app (`admin/index.html`, entry `admin/main.tsx`) with no Vike runtime, apart
 * from the public site's build so that each ships only what it needs. It writes into the site's `dist/client` after
 * the site's build: the HTML as `admin/index.html` (the server answers it for `/admin/*`) and its hashed scripts
 * under `/assets/admin/`, served and cached like the site's. In development the server mounts it under `/admin/`.
 */
export default defineConfig(({ command }) => ({
  plugins: [react(), headBasics(), cleanOwnOutput(), precompress({ under: 'assets/admin' })],
  resolve: {
    alias: [
      { find: '@lib', replacement: here('./lib') },
      { find: /^object\.entries$/, replacement: NATIVE_OBJECT_ENTRIES },
      // react-admin imports lodash's CommonJS modules one by one; their ES twins minify and share code better.
      { find: /^lodash\/(\w+)(\.js)?$/, replacement: 'lodash-es/$1.js' },
    ],
  },
  base: command === 'serve' ? '/admin/' : '/',
  publicDir: false,
  // Its own pre-bundled dependencies in development, apart from the site's Vite server.
  cacheDir: 'node_modules/.vite-admin',
  build: {
    target: 'es2022',
    // terser packs react-admin about 3 % tighter than esbuild's minifier (10 KB gzip on a list screen) for a few
    // seconds more of build.
    minify: 'terser',
    // Every browser the admin supports preloads modules itself.
    modulePreload: { polyfill: false },
    outDir: 'dist/client',
    emptyOutDir: false,
    assetsDir: 'assets/admin',
    rollupOptions: { input: here('./admin/index.html') },
    // node-polyglot `require`s the alias above: it gets the function itself, not a module object.
    commonjsOptions: { requireReturnsDefault: (id: string) => id === NATIVE_OBJECT_ENTRIES },
  },
  server: { hmr: { port: 24679 } },
}));
