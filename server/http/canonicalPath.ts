import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const NON_CANONICAL_PATH_MESSAGE = 'Адрес запроса записан не в обычной форме: отправьте запрос по адресу без лишних косых черт и кодирования букв.';

/** Letters, digits and `-._~` mean the same percent-encoded or not (RFC 3986): only their plain form is canonical. */
const UNRESERVED = /^[\w\-.~]$/;

function normaliseEncoding(path: string): string {
  return path.replace(/%([0-9A-F]{2})/gi, (_escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

/** `.` and `..` segments resolved as a browser resolves them; never above the root. */
function resolveDotSegments(segments: string[]): string[] {
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '.') continue;
    if (segment === '..') resolved.pop();
    else resolved.push(segment);
  }
  return resolved;
}

/**
 * The one spelling of a path: percent-encoded letters, digits and `-._~` decoded, other escapes in upper case, runs
 * of slashes collapsed, dot segments resolved, no trailing slash (but the root). `/api/%61dmin//users/` is
 * `/api/admin/users`. Answers the path unchanged when it is canonical already.
 */
export function canonicalPath(path: string): string {
  const segments = normaliseEncoding(path)
    .split('/')
    .filter((segment) => segment !== '');
  return `/${resolveDotSegments(segments).join('/')}`;
}

function splitUrl(url: string): { path: string; query: string } {
  const at = url.indexOf('?');
  return at === -1 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at) };
}

/**
 * Every request reaches the routes under the one spelling of its path, so that the router, the role checks and the
 * page cache all see one address: a GET or HEAD of another spelling is sent there (301, the query kept), any other
 * method is refused (400) rather than guessed at. Installed before every other hook.
 */
export function installCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const { path, query } = splitUrl(request.url);
    const canonical = canonicalPath(path);
    if (canonical === path) {
      done();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done(new HttpError(400, NON_CANONICAL_PATH_MESSAGE));
      return;
    }
    void reply
      .code(301)
      .header('Cache-Control', 'no-store')
      .redirect(canonical + query, 301);
  });
}
