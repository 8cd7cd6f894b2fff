import type * as FastifyModule from 'fastify';
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route declares itself a public read (the page cache may keep its answers). */
  publicRead: boolean;
}

/** The routes each application registered, as its `onRoute` hook saw them. */
export const registeredRoutes = new Map<FastifyInstance, RegisteredRoute[]>();

/**
 * A Fastify factory that records every route the application registers, for tests that must cover all of them
 * (not a hand-written list that can fall behind). Use it in a test file as
 * `vi.mock('fastify', async (original) => (await import('./routes.js')).recordingFastify(original))`.
 */
export async function recordingFastify(importOriginal: () => Promise<unknown>): Promise<typeof FastifyModule> {
  const actual = (await importOriginal()) as typeof FastifyModule;
  const wrapped = (options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    const routes: RegisteredRoute[] = [];
    registeredRoutes.set(app as unknown as FastifyInstance, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, publicRead: Boolean(route.config?.publicRead) });
    });
    return app;
  };
  return { ...actual, default: wrapped as unknown as typeof actual.default, fastify: wrapped as unknown as typeof actual.fastify };
}
