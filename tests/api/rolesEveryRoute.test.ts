import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, verbsPathOf } from '../../lib/resources/index.js';
import { builtinPermissions, RIGHTS_RESOURCES, type Permissions } from '../../lib/resources/rights.js';
import { FORBIDDEN_MESSAGE } from '../../server/auth/guard.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { fetchDocument, operationsOf } from '../helpers/openapi.js';

/**
 * The admin's routes that belong to no resource: they serve every signed-in account and answer only what its role
 * may read (the account itself, search, calendar, the trash's list, presence, kept forms, the dashboard's drafts).
 */
const STAFF_PATHS = [
  '/api/admin/me',
  '/api/admin/site-settings',
  '/api/admin/account',
  '/api/admin/search',
  '/api/admin/calendar',
  '/api/admin/presence',
  '/api/admin/form-drafts',
  '/api/admin/my-work',
  '/api/admin/review-queue',
  '/api/admin/trash',
];
/** What no role is given, the built-in MANAGER's alone: emptying the whole trash, erasing a person's enquiries. */
const MANAGER_ONLY_PATHS = ['/api/admin/trash/empty', '/api/admin/enquiries/erase'];
/** Where the administration's own resources live. */
const ADMINISTRATION_PATHS: Readonly<Record<string, readonly string[]>> = {
  settings: ['/api/admin/settings', '/api/admin/indexnow'],
  roles: ['/api/admin/roles'],
  backups: ['/api/admin/backups'],
};

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The resource a documented admin path belongs to (null for the staff's and the MANAGER's own routes). */
function resourceOfPath(path: string): string | null {
  if ([...STAFF_PATHS, ...MANAGER_ONLY_PATHS].some((base) => path === base || (under(path, base) && !MANAGER_ONLY_PATHS.some((only) => under(path, only))))) {
    return null;
  }
  const area = Object.entries(ADMINISTRATION_PATHS).find(([, bases]) => bases.some((base) => under(path, base)));
  if (area) return area[0];
  const resource = RESOURCES.find((candidate) => under(path, `/api/admin/${candidate.name}`) || under(path, verbsPathOf(candidate)));
  return resource?.name ?? null;
}

const isStaffPath = (path: string) => !MANAGER_ONLY_PATHS.some((only) => under(path, only)) && STAFF_PATHS.some((base) => under(path, base));

/** Every documented operation of the admin API, with an address to send (each path parameter `1`). */
interface AdminOperation {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  url: string;
  resource: string | null;
}

describe.each(await testDialects())('every documented admin route refuses an account whose role may not read its resource, on %s', (dialect) => {
  let t: TestApp;
  let operations: AdminOperation[];

  /** An account of a new role with these rights, the role added as a MANAGER adds one. */
  const accountWith = async (name: string, permissions: Permissions) => {
    const manager = await userWithToken(t.app, 'MANAGER');
    const role = await t.app.inject({ method: 'POST', url: '/api/admin/roles', headers: manager.headers, payload: { name, title: name, permissions } });
    expect(role.statusCode, role.body).toBe(201);
    return userWithToken(t.app, name);
  };
  const send = (operation: AdminOperation, headers: Record<string, string>) =>
    t.app.inject({
      method: operation.method,
      url: operation.url,
      headers,
      ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    operations = operationsOf(await fetchDocument(t.app))
      .filter(({ path }) => path.startsWith('/api/admin/'))
      .map(({ path, method }) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as AdminOperation['method'],
        path,
        url: path.replace(/\{[^}]+\}/g, '1'),
        resource: resourceOfPath(path),
      }));
  }, 120_000);
  afterAll(() => t?.close());

  it('finds every resource of the roles’ grid among the documented routes, and every route a resource or the staff’s', () => {
    expect(operations.length).toBeGreaterThan(150);
    for (const resource of RIGHTS_RESOURCES)
      expect(
        operations.some((operation) => operation.resource === resource.name),
        resource.name,
      ).toBe(true);
    for (const operation of operations) {
      const known = operation.resource !== null || isStaffPath(operation.path) || MANAGER_ONLY_PATHS.some((only) => under(operation.path, only));
      expect(known, operation.name).toBe(true);
    }
  });

  it('answers 403 on every route of every resource to a role with no rights, and never 500 on the staff’s routes', async () => {
    const nobody = await accountWith('nobody', {});
    for (const operation of operations) {
      const response = await send(operation, nobody.headers);
      if (isStaffPath(operation.path)) {
        expect([401, 403], operation.name).not.toContain(response.statusCode);
        expect(response.statusCode, `${operation.name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      } else {
        expect(response.statusCode, `${operation.name}: ${response.body.slice(0, 200)}`).toBe(403);
        expect(response.json(), operation.name).toEqual({ message: FORBIDDEN_MESSAGE });
      }
    }
  });

  it('answers 403 on every route of a resource to a role with every right but those on that resource', async () => {
    const everything = builtinPermissions('MANAGER');
    for (const [index, resource] of RIGHTS_RESOURCES.entries()) {
      const others = Object.fromEntries(Object.entries(everything).filter(([name]) => name !== resource.name));
      const account = await accountWith(`all-but-${index}`, others);
      const own = operations.filter((operation) => operation.resource === resource.name);
      for (const operation of own) {
        const response = await send(operation, account.headers);
        expect(response.statusCode, `${resource.name}: ${operation.name}: ${response.body.slice(0, 200)}`).toBe(403);
      }
      // The other resources stay open to it: their lists are read.
      const other = operations.find((operation) => operation.method === 'GET' && operation.resource !== null && operation.resource !== resource.name);
      if (other) expect((await send(other, account.headers)).statusCode, `${resource.name} → ${other.name}`).not.toBe(403);
    }
  });

  it('keeps emptying the trash and erasing a person’s enquiries to the built-in MANAGER, even for a role with every right', async () => {
    const all = await accountWith('all-rights', builtinPermissions('MANAGER'));
    for (const operation of operations.filter((candidate) => MANAGER_ONLY_PATHS.some((only) => under(candidate.path, only)))) {
      expect((await send(operation, all.headers)).statusCode, operation.name).toBe(403);
    }
  });
});
