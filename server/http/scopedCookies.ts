import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/** The only endpoints that read cookies: the session (refresh token) and the admin API. */
const COOKIE_PREFIXES = ['/api/site/', '/api/admin/'];

/**
 * Cookies are parsed only where they are read. Public pages and reads never look at them, and parsing every
 * visitor's cookie header cost several per cent of a page's CPU.
 */
export async function registerScopedCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie, { hook: false });
  app.addHook('onRequest', (request, _reply, done) => {
    if (COOKIE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      const header = request.headers.cookie;
      request.cookies = header ? app.parseCookie(header) : {};
    }
    done();
  });
}
