import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';

/**
 * Several processes share one PostgreSQL database: each keeps the roles' rights, and a role changed on one applies
 * on the others at their next request, as a content change empties every process's page cache.
 */
describe.each((await testDialects()).filter((dialect) => dialect === 'postgres'))('roles changed on one process, on %s', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    other = await buildApp(t.config, { logger: false, viewFlushMs: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('applies on the other process at once: rights given and taken away', async () => {
    const manager = await userWithToken(t.app, 'MANAGER');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: manager.headers,
      payload: { name: 'web-team', title: 'Веб-команда', permissions: { menus: ['read', 'edit'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { id: number }).id;
    const web = await userWithToken(t.app, 'web-team');
    const readRedirects = async () => (await other.inject({ url: '/api/admin/redirects', headers: web.headers })).statusCode;

    // The other process has read the roles and keeps them.
    expect((await other.inject({ url: '/api/admin/menus', headers: web.headers })).statusCode).toBe(200);
    expect(await readRedirects()).toBe(403);

    const given = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/roles/${id}`,
      headers: manager.headers,
      payload: { permissions: { menus: ['read', 'edit'], redirects: ['read'] } },
    });
    expect(given.statusCode, given.body).toBe(200);
    await expect.poll(readRedirects).toBe(200);

    const taken = await t.app.inject({ method: 'PUT', url: `/api/admin/roles/${id}`, headers: manager.headers, payload: { permissions: {} } });
    expect(taken.statusCode, taken.body).toBe(200);
    await expect.poll(readRedirects).toBe(403);
    expect((await other.inject({ url: '/api/admin/menus', headers: web.headers })).statusCode).toBe(403);
  });
});
