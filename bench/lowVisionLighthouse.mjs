// Lighthouse accessibility of public pages in each colour scheme of the version for the visually impaired, at the
// largest font size. The scheme is put in local storage (`site:low-vision`, lib/lowVision.ts) of a running Chromium
// through the DevTools protocol, then Lighthouse attaches to that Chromium without resetting storage. Usage (the web
// quality kit's work folder, where its `npm install` put Lighthouse, as WORK):
//   chromium --headless=new --no-sandbox --remote-debugging-port=9355 --user-data-dir=$(mktemp -d) about:blank &
//   WORK=/tmp/webquality BASE=http://127.0.0.1:3954 CDP_PORT=9355 node --experimental-websocket bench/lowVisionLighthouse.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const WORK = process.env.WORK ?? '/tmp/webquality';
const BASE = process.env.BASE ?? 'http://127.0.0.1:3954';
const PORT = Number(process.env.CDP_PORT ?? 9355);
const pages = (process.env.PAGES ?? '/,/news/smart-horizont-rezident-proekta-skolkovo,/investoram/informatsiya-dlya-aktsionerov').split(',');
const schemes = (process.env.SCHEMES ?? 'normal,black-on-white,white-on-black,blue-on-light-blue,brown-on-beige,green-on-brown').split(',');
mkdirSync(`${WORK}/lh`, { recursive: true });

const results = {};
/** Puts the scheme in the profile's local storage through a tab of its own (the DevTools protocol, closed after). */
async function choose(scheme) {
  const target = await (await fetch(`http://127.0.0.1:${PORT}/json/new?${BASE}/`, { method: 'PUT' })).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener('open', resolve));
  let id = 0;
  const call = (method, params) =>
    new Promise((resolve) => {
      const mine = ++id;
      const listen = (event) => {
        const message = JSON.parse(event.data);
        if (message.id === mine) {
          socket.removeEventListener('message', listen);
          resolve(message.result);
        }
      };
      socket.addEventListener('message', listen);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  const value = scheme === 'normal' ? null : JSON.stringify({ size: '3', scheme, images: 'on', spacing: 'normal' });
  for (;;) {
    const state = await call('Runtime.evaluate', { expression: 'location.origin + " " + document.readyState', returnByValue: true });
    if (state?.result?.value === `${BASE} complete`) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const expression = value === null ? `localStorage.removeItem('site:low-vision')` : `localStorage.setItem('site:low-vision', ${JSON.stringify(value)})`;
  await call('Runtime.evaluate', { expression });
  socket.close();
  await fetch(`http://127.0.0.1:${PORT}/json/close/${target.id}`);
}
for (const scheme of schemes) {
  await choose(scheme);
  for (const path of pages) {
    const name = `${scheme}${path.replace(/\//g, '_')}`;
    const out = `${WORK}/lh/lv-${name}.json`;
    try {
      execFileSync(
        'npx',
        [
          'lighthouse',
          BASE + path,
          `--port=${PORT}`,
          '--disable-storage-reset',
          '--only-categories=accessibility',
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
        ],
        { stdio: 'ignore', cwd: WORK, timeout: 180_000 },
      );
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const failed = Object.values(report.audits)
        .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      results[name] = { score: Math.round(report.categories.accessibility.score * 100), failed };
    } catch (error) {
      results[name] = { error: String(error).slice(0, 200) };
    }
    console.log(name, JSON.stringify(results[name]));
  }
}
