import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchApp, measure } from './harness.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');

const PAGES = [
  '/',
  '/news',
  '/news/smart-horizont-rezident-proekta-skolkovo',
  '/media/nashi-novosti',
  '/media/smi-o-nas',
  '/media/video',
  '/media/photobank',
  '/investoram',
  '/investoram/informatsiya-dlya-aktsionerov',
  '/o-kompanii',
  '/404',
];

/** The JavaScript files a page's HTML loads at start: entry scripts and module preloads. */
function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) if (match[1]) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) if (match[1]) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) if (match[1]) urls.add(match[1]);
  return [...urls];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The public site: the JavaScript (gzip) each public page ships on first load, and the server-side render time
 * of the home page (Vike renderPage through Fastify inject, demo content). Needs `npm run build` first.
 */
export async function benchSite(): Promise<void> {
  if (!existsSync(CLIENT_DIR)) {
    console.log('\nPublic site: dist/client is missing, run "npm run build" first');
    return;
  }
  // The page cache off: the render times below are real renders.
  const { app, close } = await benchApp({ seedDemo: true, env: { PAGE_CACHE_MB: '0' } });
  try {
    console.log('\nPublic site: JavaScript shipped on first load (gzip -9), per page');
    for (const url of PAGES) {
      const response = await app.inject({ method: 'GET', url });
      const files = scriptsOf(response.body);
      let raw = 0;
      let gzip = 0;
      for (const file of files) {
        const content = readFileSync(path.join(CLIENT_DIR, file));
        raw += content.length;
        gzip += gzipSync(content, { level: 9 }).length;
      }
      console.log(
        `${`${url} (${response.statusCode})`.padEnd(52)} ${String(files.length).padStart(2)} files  ${kb(raw).padStart(9)} raw  ${kb(gzip).padStart(8)} gzip`,
      );
    }
    console.log('\nPublic site: server-side render of the home page (sequential, after 20 warm-up renders)');
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: '/' });
    await measure('GET / (SSR, menus + 3 news + highlights)', 300, () => app.inject({ method: 'GET', url: '/' }));
    await measure('GET /news/{slug} (SSR, sanitised article)', 300, () => app.inject({ method: 'GET', url: PAGES[2] ?? '/' }));
  } finally {
    await close();
  }
}
