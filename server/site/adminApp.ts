import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { allowInlineScripts, inlineScriptSources } from './inlineScripts.js';
import { answerThroughVite, viteDevServer, type DevPage } from './viteDev.js';

/** The admin's address and everything under it: react-admin routes inside the one HTML page. */
const ADMIN_ROUTES = ['/admin', '/admin/*'];

/**
 * The admin app (`admin/index.html`, its own Vite build): every `/admin…` GET answers its HTML, revalidated on every
 * visit, with its inline chunk-reload guard allowed by hash. Production reads the built page once; development
 * mounts the admin's Vite dev server under `/admin/` and answers its transformed `index.html`.
 */
export async function registerAdminApp(app: FastifyInstance, options: { root: string; clientDir: string; dev: boolean }): Promise<void> {
  if (options.dev) {
    await registerDevAdmin(app, options.root);
    return;
  }
  let built: { html: string; scriptSources: string[] } | null = null;
  try {
    const html = readFileSync(path.join(options.clientDir, 'admin', 'index.html'), 'utf8');
    built = { html, scriptSources: inlineScriptSources(html) };
  } catch {
    app.log.warn('The admin is not built (dist/client/admin/index.html is missing): run "npm run build".');
  }
  for (const url of ADMIN_ROUTES) {
    app.get(url, async (_request, reply) => {
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('Админка не собрана: выполните npm run build.');
      allowInlineScripts(reply, built.scriptSources);
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(built.html);
    });
  }
}

async function registerDevAdmin(app: FastifyInstance, root: string): Promise<void> {
  const { vite, middleware } = await viteDevServer(app, { root, configFile: path.join(root, 'vite.admin.config.ts') });
  const page = async (url: string): Promise<DevPage> => ({
    statusCode: 200,
    headers: [['Content-Type', 'text/html; charset=utf-8']],
    body: await vite.transformIndexHtml(url, readFileSync(path.join(root, 'admin', 'index.html'), 'utf8')),
  });
  for (const url of ADMIN_ROUTES) app.get(url, (request, reply) => answerThroughVite(request, reply, middleware, () => page(request.url)));
}
