import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startScriptServer, type RunningServer } from './servers.js';

const run = promisify(execFile);
const RENDERS = 2000;

/** The smallest Vike + vike-react site: one page, one paragraph, no data, no layout. */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'vike-floor', private: true, type: 'module' }),
  'vite.config.js': `import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
export default { plugins: [react(), vike()], logLevel: 'warn' };
`,
  'pages/+config.js': `import vikeReact from 'vike-react/config';
export default { extends: [vikeReact], lang: 'ru' };
`,
  'pages/index/+Page.jsx': `export default function Page() {
  return <p>Привет</p>;
}
`,
  'render.mjs': `import { renderPage } from 'vike/server';
const count = Number(process.argv[2]);
const render = () => renderPage({ urlOriginal: '/', headersOriginal: {} });
for (let i = 0; i < 200; i++) await render();
const started = performance.now();
for (let i = 0; i < count; i++) await render();
const ms = (performance.now() - started) / count;
const { httpResponse } = await render();
console.log(JSON.stringify({ ms, bytes: httpResponse.body.length }));
`,
  'serve.mjs': `import { createServer } from 'node:http';
import { renderPage } from 'vike/server';
createServer(async (request, response) => {
  const { httpResponse } = await renderPage({ urlOriginal: request.url, headersOriginal: request.headers });
  response.writeHead(httpResponse.statusCode, Object.fromEntries(httpResponse.headers));
  response.end(httpResponse.body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`,
};

interface BuiltFloor {
  /** How to run the built project's scripts: in its folder, in production mode. */
  production: { cwd: string; env: NodeJS.ProcessEnv };
  remove: () => Promise<void>;
}

/**
 * Builds the one-paragraph site in a temporary folder with a hard-linked copy of node_modules: Vike's build records
 * where its output lives in a file inside node_modules (replaced, not rewritten in place), and the site's own copy
 * must keep pointing at the site's build.
 */
async function buildFloor(): Promise<BuiltFloor> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vike-floor-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
    await run(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir });
  } catch (error) {
    await remove();
    throw error;
  }
  return { production: { cwd: dir, env: { ...process.env, NODE_ENV: 'production' } }, remove };
}

/**
 * What Vike's server render costs before a page does anything: `renderPage` of a one-paragraph page built with the
 * same Vike, vike-react, React and Vite as the site, in its own process. An uncached page of the site cannot render
 * faster than this.
 */
export async function benchVikeFloor(): Promise<void> {
  const floor = await buildFloor();
  try {
    const { stdout } = await run(process.execPath, ['render.mjs', String(RENDERS)], floor.production);
    const rendered = JSON.parse(stdout) as { ms: number; bytes: number };
    console.log(`\nVike's own cost: renderPage of a one-paragraph page (${rendered.bytes} bytes) built like the site`);
    console.log(`${'renderPage, no data, no layout'.padEnd(44)} ${rendered.ms.toFixed(2)} ms per render (${RENDERS} sequential)`);
  } finally {
    await floor.remove();
  }
}

/** The one-paragraph page behind a bare node:http server that calls `renderPage` for every request. */
export async function startVikeFloorServer(): Promise<RunningServer> {
  const floor = await buildFloor();
  try {
    const server = await startScriptServer(path.join(floor.production.cwd, 'serve.mjs'), [], floor.production);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await floor.remove();
      },
    };
  } catch (error) {
    await floor.remove();
    throw error;
  }
}
