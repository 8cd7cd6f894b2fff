import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../server/auth/guard.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { adminHeaders } from './admin-helpers.js';

/**
 * `GET /api/admin/site-settings`: the site's languages, the version for the visually impaired, drafts first and the
 * resources the user's changes of wait for review, which the admin's screens follow; `PUT /api/admin/settings/site` and
 * `PUT /api/admin/settings/drafts-first` (MANAGER).
 */
describe.each(await testDialects())('the admin site settings on %s', (dialect) => {
  const apps: TestApp[] = [];
  const appWith = async (env: NodeJS.ProcessEnv) => {
    const t = await createTestApp(dialect, { env });
    apps.push(t);
    return t;
  };
  let russian: TestApp;
  let bilingual: TestApp;

  beforeAll(async () => {
    [russian, bilingual] = await Promise.all([appWith({}), appWith({ SITE_LOCALES: 'ru,en' })]);
  }, 120_000);
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  const read = async (t: TestApp) => t.app.inject({ url: '/api/admin/site-settings', headers: await adminHeaders(t.app, 'USER') });

  it('answers Russian alone by default and both languages with SITE_LOCALES=ru,en, to any signed-in role', async () => {
    const alone = await read(russian);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toEqual({ data: { locales: ['ru'], low_vision: true, drafts_first: false, reviewed: [] } });
    expect((await read(bilingual)).json()).toEqual({ data: { locales: ['ru', 'en'], low_vision: true, drafts_first: false, reviewed: [] } });
  });

  it('a MANAGER turns the version for the visually impaired off and on; a USER may not; bad input is a 400', async () => {
    const write = async (role: 'USER' | 'MANAGER', payload: Record<string, unknown>) =>
      russian.app.inject({ method: 'PUT', url: '/api/admin/settings/site', headers: await adminHeaders(russian.app, role), payload });
    expect((await write('USER', { low_vision: false })).statusCode).toBe(403);
    expect((await write('MANAGER', { low_vision: 'нет' })).statusCode).toBe(400);
    expect((await write('MANAGER', { low_vision: false, other: 1 })).statusCode).toBe(400);
    const off = await write('MANAGER', { low_vision: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { locales: ['ru'], low_vision: false, drafts_first: false, reviewed: [] } });
    expect((await read(russian)).json()).toEqual({ data: { locales: ['ru'], low_vision: false, drafts_first: false, reviewed: [] } });
    expect((await write('MANAGER', { low_vision: true })).json()).toEqual({ data: { locales: ['ru'], low_vision: true, drafts_first: false, reviewed: [] } });
  });

  it('names the resources whose changes by the signed-in USER wait for review, none for a MANAGER', async () => {
    const manager = await adminHeaders(russian.app, 'MANAGER');
    const chosen = await russian.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager, payload: { resources: ['news'] } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await read(russian)).json().data.reviewed).toEqual(['news']);
    const asManager = await russian.app.inject({ url: '/api/admin/site-settings', headers: manager });
    expect(asManager.json().data.reviewed).toEqual([]);
    await russian.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager, payload: { resources: [] } });
  });

  it('drafts first: off by default, a MANAGER turns it on for everyone, a USER may not, a bad body is a 400 in Russian', async () => {
    const manager = await adminHeaders(russian.app, 'MANAGER');
    const put = (headers: Record<string, string>, payload: unknown) =>
      russian.app.inject({ method: 'PUT', url: '/api/admin/settings/drafts-first', headers, payload: payload as Record<string, unknown> });
    const on = await put(manager, { drafts_first: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ data: { drafts_first: true } });
    expect((await read(russian)).json().data.drafts_first).toBe(true);
    expect((await put(await adminHeaders(russian.app, 'USER'), { drafts_first: false })).statusCode).toBe(403);
    const bad = await put(manager, { drafts_first: 'да' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[а-я]/i);
    expect((await put(manager, { drafts_first: false })).statusCode).toBe(200);
    expect((await read(russian)).json().data.drafts_first).toBe(false);
  });

  it('refuses a request without a session', async () => {
    const response = await bilingual.app.inject({ url: '/api/admin/site-settings' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(UNAUTHORIZED_MESSAGE);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await russian.app.inject('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(['/api/admin/site-settings', 'get']);
  });
});
