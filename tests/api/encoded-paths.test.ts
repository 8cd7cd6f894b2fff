import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SETTING_KEYS, setSetting } from '../../server/auth/settings.js';
import { reachableWhileEnrolling } from '../../server/auth/enrolment.js';
import { NON_CANONICAL_PATH_MESSAGE } from '../../server/http/canonicalPath.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { registeredRoutes, type RegisteredRoute } from '../helpers/routes.js';
import { snapshot } from './admin-helpers.js';

vi.mock('fastify', async (importOriginal) => (await import('../helpers/routes.js')).recordingFastify(importOriginal));

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One request over a real socket with the path sent exactly as written (no client normalises it first). */
function send(port: number, agent: http.Agent, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const request = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(withBody ? '{}' : undefined);
  });
}

/** A concrete address of a route: parameters filled with a value that parses; the site's pages as `/news`. */
const concretePath = (url: string) => url.replace(/:[A-Z_]+/gi, '1').replace(/\/\*$/, '/news');

/** The first letter or digit of a segment percent-encoded, as `%61dmin` for `admin`. */
function encodeFirstCharacter(segment: string): string | null {
  const at = segment.search(/[A-Z0-9]/i);
  if (at === -1) return null;
  const hex = segment.charCodeAt(at).toString(16).toUpperCase().padStart(2, '0');
  return `${segment.slice(0, at)}%${hex}${segment.slice(at + 1)}`;
}

/** Other spellings of the same path that every router or browser would resolve to it: each must be sent to it. */
function equivalentSpellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const spellings = segments.flatMap((segment, index) => {
    const encoded = encodeFirstCharacter(segment);
    return encoded ? [`/${segments.map((other, at) => (at === index ? encoded : other)).join('/')}`] : [];
  });
  const [first = '', ...rest] = segments;
  spellings.push(`${path}/`, `/${first}//${rest.join('/')}`, `/${first}/./${rest.join('/')}`, `/${first}/x/../${rest.join('/')}`);
  return spellings.filter((spelling) => spelling !== path);
}

/** Spellings of another path that must not reach anything the plain path's checks would refuse. */
function otherSpellings(path: string): string[] {
  const [first = '', ...rest] = path.split('/').slice(1);
  return [path.toUpperCase(), `/${first}/${rest.join('%2F')}`, `/${first}/${rest.map((segment) => segment.toUpperCase()).join('/')}`].filter(
    (spelling) => spelling !== path,
  );
}

const succeeded = (status: number) => status >= 200 && status < 300;

describe.each(await testDialects())(
  '1. High (admin answers in the page cache) and 2. Medium (the «require 2FA» policy) through encoded paths: every route answers every spelling of its path as the plain path on %s',
  (dialect) => {
    let t: TestApp;
    let port: number;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let routes: RegisteredRoute[];
    /** Credentials: none, a USER without two-factor sign-in while a MANAGER requires it, a MANAGER with it. */
    const credentials: Record<'anonymous' | 'userWithout2fa' | 'manager', Record<string, string>> = { anonymous: {}, userWithout2fa: {}, manager: {} };

    beforeAll(async () => {
      t = await createTestApp(dialect, { seedDemo: true });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      port = (t.app.server.address() as AddressInfo).port;
      const unique = new Map((registeredRoutes.get(t.app) ?? []).map((route) => [`${route.method} ${route.url}`, route]));
      // Files of the build are registered one route each; they are served from disk, never by a role or the cache.
      routes = [...unique.values()].filter((route) => route.method !== 'HEAD' && !/\.[a-z0-9]+$/i.test(route.url));
      const user = await userWithToken(t.app, 'USER');
      const manager = await userWithToken(t.app, 'MANAGER');
      await t.app.db.updateTable('users').set({ two_factor: 1 }).where('id', '=', manager.user.id).execute();
      await setSetting(t.app.db, SETTING_KEYS.requireTwoFactor, '1');
      credentials.userWithout2fa = user.headers;
      credentials.manager = manager.headers;
    });
    afterAll(async () => {
      agent.destroy();
      await t.close();
    });

    it('covers every route the application registers: the admin API, the public reads and the site', () => {
      const names = routes.map((route) => `${route.method} ${route.url}`);
      expect(names.length).toBeGreaterThan(140);
      for (const name of [
        'GET /api/admin/users',
        'GET /api/admin/audit-log',
        'POST /api/admin/media-other/add',
        'GET /api/admin/trash',
        'GET /*',
        'GET /api/news/items',
      ]) {
        expect(names).toContain(name);
      }
    });

    it('sends every other spelling of a GET path to the plain one (301, query kept) and refuses it for writes (400), writing nothing', async () => {
      const before = await snapshot(t.app);
      for (const route of routes) {
        const path = concretePath(route.url);
        for (const spelling of equivalentSpellings(path)) {
          for (const headers of Object.values(credentials)) {
            const answer = await send(port, agent, route.method, `${spelling}?z=1`, headers);
            const where = `${route.method} ${spelling}`;
            if (route.method === 'GET') {
              expect(answer.status, where).toBe(301);
              expect(answer.location, where).toBe(`${path}?z=1`);
            } else {
              expect(answer.status, where).toBe(400);
              expect(JSON.parse(answer.body), where).toEqual({ message: NON_CANONICAL_PATH_MESSAGE });
            }
          }
        }
      }
      expect(await snapshot(t.app)).toEqual(before);
    });

    it('the «require 2FA» policy and the roles hold for every spelling of every admin path', async () => {
      const adminRoutes = routes.filter((route) => route.url.startsWith('/api/admin'));
      expect(adminRoutes.length).toBeGreaterThan(100);
      const before = await snapshot(t.app);
      for (const route of adminRoutes) {
        const path = concretePath(route.url);
        const anonymous = await send(port, agent, route.method, path);
        expect(anonymous.status, `${route.method} ${path}`).toBe(401);
        const enrolling = await send(port, agent, route.method, path, credentials.userWithout2fa);
        if (!reachableWhileEnrolling(route.url)) expect(enrolling.status, `${route.method} ${path}`).toBe(403);
        for (const spelling of [...equivalentSpellings(path), ...otherSpellings(path)]) {
          for (const [who, plain] of [
            ['anonymous', anonymous],
            ['userWithout2fa', enrolling],
          ] as const) {
            const answer = await send(port, agent, route.method, spelling, credentials[who]);
            const where = `${who} ${route.method} ${spelling} (plain: ${plain.status})`;
            // The same answer as the plain path, or no route at all (404, or 405 where another spelling names a page,
            // which takes GET alone): never more than the plain path allows.
            const sentToPlain = answer.status === 301 && answer.location === path;
            const noRoute = answer.status === 404 || answer.status === 405;
            expect(sentToPlain || answer.status === 400 || noRoute || answer.status === plain.status, where).toBe(true);
            if (!succeeded(plain.status)) expect(succeeded(answer.status), where).toBe(false);
          }
        }
      }
      // USER without two-factor sign-in created nothing, whatever spelling of `…/add` it tried.
      expect(await snapshot(t.app)).toEqual(before);
    });

    it('admin answers never reach the page cache, whatever the spelling; a public read is kept once whatever its other query parameters', async () => {
      await t.app.pageCache.invalidate();
      const staffRoutes = routes.filter((route) => route.method === 'GET' && !route.publicRead);
      for (const route of staffRoutes) {
        const path = concretePath(route.url);
        for (const spelling of [path, ...equivalentSpellings(path), ...otherSpellings(path)]) {
          const staff = await send(port, agent, 'GET', spelling, credentials.manager);
          const anonymous = await send(port, agent, 'GET', spelling);
          const where = `GET ${spelling} (staff: ${staff.status})`;
          if (route.url.startsWith('/api/admin')) expect(succeeded(anonymous.status), where).toBe(false);
          expect(anonymous.body.includes('@example.com'), where).toBe(false);
        }
      }
      expect(t.app.pageCache.stats().entries).toBe(0);

      // A request with credentials is neither answered from nor stored in the cache, even on a public read.
      expect((await send(port, agent, 'GET', '/api/news/main-items', credentials.manager)).status).toBe(200);
      expect(t.app.pageCache.stats().entries).toBe(0);

      // An answer is stored just after it is sent (the cache first learns when the generation's pages expire).
      const entries = () => expect.poll(() => t.app.pageCache.stats().entries);
      for (const z of [1, 2, 3]) expect((await send(port, agent, 'GET', `/api/news/main-items?z=${z}&utm_source=x`)).status).toBe(200);
      expect((await send(port, agent, 'GET', '/api/news/main-items')).status).toBe(200);
      await entries().toBe(1);
      for (const z of [1, 2, 3]) expect((await send(port, agent, 'GET', `/news?z=${z}`)).status).toBe(200);
      await entries().toBe(2);
      expect((await send(port, agent, 'GET', '/news?page=2&z=4')).status).toBe(200);
      await entries().toBe(3);
    });
  },
);
