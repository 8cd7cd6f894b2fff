import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InlineConfig, ViteDevServer } from 'vite';

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A Vite dev server inside Fastify (development only): its middleware answers Vite's own requests; it closes with the app. */
export async function viteDevServer(app: FastifyInstance, config: InlineConfig): Promise<{ vite: ViteDevServer; middleware: Middleware }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ ...config, server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onClose', async () => vite.close());
  return { vite, middleware: vite.middlewares as unknown as Middleware };
}

/** A page answered in development. */
export interface DevPage {
  statusCode: number;
  headers: [string, string][];
  body: string;
}

/**
 * Development: the Vite dev server answers its own requests (modules, HMR); any other is the page `render` makes,
 * sent without helmet's CSP, which would block the inline scripts Vite's client adds.
 */
export function answerThroughVite(request: FastifyRequest, reply: FastifyReply, middleware: Middleware, render: () => Promise<DevPage>): FastifyReply {
  const raw = reply.raw;
  reply.hijack();
  middleware(request.raw, raw, () => {
    render().then(
      (page) => {
        raw.removeHeader('content-security-policy');
        raw.statusCode = page.statusCode;
        for (const [name, value] of page.headers) raw.setHeader(name, value);
        raw.end(page.body);
      },
      (error: unknown) => {
        request.log.error({ err: error }, 'page failed in development');
        if (!raw.headersSent) raw.statusCode = 500;
        raw.end();
      },
    );
  });
  return reply;
}
