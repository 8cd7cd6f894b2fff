import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { InlineConfig, ViteDevServer } from 'vite';

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A Vite dev server inside Fastify (development only): its middleware answers Vite's own requests; it closes with the app. */
export async function viteDevServer(app: FastifyInstance, config: InlineConfig): Promise<{ vite: ViteDevServer; middleware: Middleware }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ ...config, server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onClose', async () => vite.close());
  return { vite, middleware: vite.middlewares as unknown as Middleware };
}
