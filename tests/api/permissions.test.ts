import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCES, verbsPathOf, type Role } from '../../lib/resources/index.js';
import { updateUser } from '../../server/auth/accounts.js';
import { FORBIDDEN_MESSAGE, TOKEN_EXPIRED_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../server/auth/guard.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { registeredRoutes } from '../helpers/routes.js';
import { badTokens, bearer, expiredToken, session } from './auth-helpers.js';

/** Every route registered under /api/admin, collected from the application itself as it registers them. */
vi.mock('fastify', async (importOriginal) => (await import('../helpers/routes.js')).recordingFastify(importOriginal));

/**
 * The role each admin route needs, from the resource registry: a route belongs to the resource whose read path or
 * verbs path it starts with. Beside the resources: the signed-in user's own account, the site's settings, the global
 * search, the publishing calendar, the trash and who else is editing a record (every role; they answer only what the user's
 * role may read), the kept form versions, the user's own recent work and drafts (every role; the route refuses resources the
 * role may not edit), emptying
 * the trash, the IndexNow log, the security settings and the roles (MANAGER).
 */
const ACCOUNT_ROUTES: Readonly<Record<string, Role>> = {
  '/api/admin/trash/empty': 'MANAGER',
  '/api/admin/trash': 'USER',
  '/api/admin/me': 'USER',
  '/api/admin/site-settings': 'USER',
  '/api/admin/account': 'USER',
  '/api/admin/search': 'USER',
  '/api/admin/calendar': 'USER',
  '/api/admin/presence': 'USER',
  '/api/admin/form-drafts': 'USER',
  '/api/admin/my-work': 'USER',
  // Every role's drafts for the dashboard; a MANAGER also sees those waiting for review.
  '/api/admin/review-queue': 'USER',
  '/api/admin/settings': 'MANAGER',
  // Erasing a person's enquiries is a MANAGER's, though staff read and annotate enquiries.
  '/api/admin/enquiries/erase': 'MANAGER',
  '/api/admin/indexnow': 'MANAGER',
  '/api/admin/backups': 'MANAGER',
  '/api/admin/roles': 'MANAGER',
};

const underPath = (url: string, base: string) => url === base || url.startsWith(`${base}/`);

function resourceOfRoute(url: string) {
  return RESOURCES.find((resource) => underPath(url, `/api/admin/${resource.name}`) || underPath(url, verbsPathOf(resource)));
}

function roleOfRoute(url: string): Role | undefined {
  const own = Object.entries(ACCOUNT_ROUTES).find(([base]) => underPath(url, base));
  return own ? own[1] : resourceOfRoute(url)?.role;
}

const managerOnly = (url: string) => roleOfRoute(url) !== 'USER';

/** Our own routes that must be in the matrix whatever else is registered. */
const OWN_ROUTES = [
  'GET /api/admin/me',
  'GET /api/admin/users',
  'GET /api/admin/users/:id',
  'POST /api/admin/users',
  'PUT /api/admin/users/:id',
  'DELETE /api/admin/users/:id',
  'GET /api/admin/audit-log',
  'GET /api/admin/audit-log/:id',
];

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

describe.each(await testDialects())('permission matrix over every /api/admin route on %s', (dialect) => {
  let t: TestApp;
  let routes: { method: Method; url: string }[];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
    const collected = registeredRoutes.get(t.app) ?? [];
    const unique = new Map(collected.filter((route) => route.url.startsWith('/api/admin')).map((route) => [`${route.method} ${route.url}`, route]));
    routes = [...unique.values()]
      .map((route) => ({ method: route.method as Method, url: route.url }))
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));

    const manager = await userWithToken(t.app, 'MANAGER');
    const user = await userWithToken(t.app, 'USER');
    tokens.manager = manager.headers.authorization.slice('Bearer '.length);
    tokens.user = user.headers.authorization.slice('Bearer '.length);
    tokens.expired = await expiredToken(manager.user);
    Object.assign(tokens, await badTokens(manager.user));

    // Revoked MANAGER tokens: each would be accepted if revocation did not work.
    const loggedOut = await userWithToken(t.app, 'MANAGER');
    const loggedOutSession = await session(t.app, loggedOut.user.email, loggedOut.password);
    expect((await t.app.inject({ method: 'POST', url: '/api/site/logout', headers: loggedOutSession.headers })).statusCode).toBe(200);
    tokens['revoked: logout (header token)'] = loggedOut.headers.authorization.slice(7);
    tokens['revoked: logout (session token)'] = loggedOutSession.access;
    const passwordChanged = await userWithToken(t.app, 'MANAGER');
    await updateUser(t.app.db, passwordChanged.user.id, { password: 'another-password' });
    tokens['revoked: password change'] = passwordChanged.headers.authorization.slice(7);
    const roleChanged = await userWithToken(t.app, 'MANAGER');
    await updateUser(t.app.db, roleChanged.user.id, { role: 'USER' });
    tokens['revoked: role change'] = roleChanged.headers.authorization.slice(7);
    const deactivated = await userWithToken(t.app, 'MANAGER');
    await updateUser(t.app.db, deactivated.user.id, { active: 0 });
    tokens['revoked: deactivation'] = deactivated.headers.authorization.slice(7);
  });
  afterAll(() => t.close());

  const send = (route: { method: Method; url: string }, headers: Record<string, string>) => {
    const url = route.url.replace(/:[A-Z_]+/gi, '1').replace(/\*/g, 'x');
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    return t.app.inject({ method: route.method, url, headers, ...(withBody ? { payload: {} } : {}) });
  };

  it('collects the routes from the app: non-empty, including ours, each one really registered', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names.length).toBeGreaterThanOrEqual(OWN_ROUTES.length);
    for (const own of OWN_ROUTES) expect(names).toContain(own);
    for (const route of routes) expect(t.app.hasRoute({ method: route.method, url: route.url }), route.url).toBe(true);
    for (const route of routes) expect(roleOfRoute(route.url), `${route.url} belongs to no resource of the registry`).toBeDefined();
    // Every resource of the registry is served.
    for (const resource of RESOURCES) expect(names, resource.name).toContain(`GET /api/admin/${resource.name}`);
  });

  it('answers 401 to anonymous requests on every route', async () => {
    for (const route of routes) {
      const response = await send(route, {});
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(response.json(), route.url).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
  });

  it('answers 401 with the expired message to an expired MANAGER token on every route', async () => {
    for (const route of routes) {
      const response = await send(route, bearer(tokens.expired ?? ''));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(response.json(), route.url).toEqual({ message: TOKEN_EXPIRED_MESSAGE });
    }
  });

  it.each([
    'tampered',
    'tampered payload',
    'alg none',
    'wrong audience',
    'no audience',
    'wrong typ',
    'other algorithm (HS512)',
    'other secret',
    'no token version',
    'revoked: logout (header token)',
    'revoked: logout (session token)',
    'revoked: password change',
    'revoked: role change',
    'revoked: deactivation',
  ])('answers 401 to a %s MANAGER token on every route', async (name) => {
    const token = tokens[name];
    expect(token, name).toBeTruthy();
    for (const route of routes) {
      const response = await send(route, bearer(token ?? ''));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(response.json(), route.url).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
  });

  it('answers 403 to a USER exactly on the MANAGER-only routes, and lets it through elsewhere', async () => {
    const userRoutes = routes.filter((route) => !managerOnly(route.url));
    expect(userRoutes.map((route) => `${route.method} ${route.url}`)).toContain('GET /api/admin/me');
    for (const route of routes) {
      const response = await send(route, bearer(tokens.user ?? ''));
      const name = `${route.method} ${route.url}`;
      if (managerOnly(route.url)) {
        expect(response.statusCode, name).toBe(403);
        if (route.method !== 'HEAD') expect(response.json(), name).toEqual({ message: FORBIDDEN_MESSAGE });
      } else {
        expect([401, 403], name).not.toContain(response.statusCode);
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('lets a MANAGER through on every route (and bad input is never a 500)', async () => {
    for (const route of routes) {
      const response = await send(route, bearer(tokens.manager ?? ''));
      const name = `${route.method} ${route.url}`;
      expect([401, 403], name).not.toContain(response.statusCode);
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('refuses logout with every bad token', async () => {
    for (const [name, token] of Object.entries(tokens)) {
      if (name === 'manager' || name === 'user') continue;
      const response = await t.app.inject({ method: 'POST', url: '/api/site/logout', headers: bearer(token) });
      expect(response.statusCode, name).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/site/logout' })).statusCode).toBe(401);
  });
});
