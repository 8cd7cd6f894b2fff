import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAudit, recordAudit } from '../../server/records/audit.js';
import { SEARCHED_VALUES_MAX } from '../../server/records/listSearch.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { login, session } from './auth-helpers.js';

type Headers = Record<string, string>;
interface Entry {
  id: number;
  user_id: number | null;
  user_email: string;
  action: string;
  resource: string;
  record_id: string | null;
  ip: string;
  created_at: string;
}

describe.each(await testDialects())('audit log on %s', (dialect) => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, unknown> = {}, headers: Headers = manager.headers) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]));
    return t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${search}`, headers });
  };
  const entries = async (filter: Record<string, unknown>) => (await list({ filter })).json().data as Entry[];

  it('records logins, failed logins and logouts with who, when and from where', async () => {
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
    expect((await login(t.app, TEST_ADMIN.email, 'wrong-password', '203.0.113.7')).statusCode).toBe(401);
    expect((await login(t.app, 'nobody@example.com', 'wrong-password', '203.0.113.8')).statusCode).toBe(401);
    const response = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password, '203.0.113.9');
    expect(response.statusCode).toBe(200);
    const token = response.cookies.find((cookie) => cookie.name === 'access_token')?.value;
    const before = new Date().toISOString();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/site/logout', headers: { authorization: `Bearer ${token}` }, remoteAddress: '203.0.113.10' }))
        .statusCode,
    ).toBe(200);

    const session = await entries({ resource: 'session' });
    const find = (action: string, ip: string) => session.find((entry) => entry.action === action && entry.ip === ip);
    expect(find('login-failed', '203.0.113.7')).toMatchObject({ user_id: admin.id, user_email: TEST_ADMIN.email, record_id: String(admin.id) });
    expect(find('login-failed', '203.0.113.8')).toMatchObject({ user_id: null, user_email: 'nobody@example.com', record_id: null });
    expect(find('login', '203.0.113.9')).toMatchObject({ user_id: admin.id, user_email: TEST_ADMIN.email });
    const logout = find('logout', '203.0.113.10');
    expect(logout).toMatchObject({ user_id: admin.id, user_email: TEST_ADMIN.email, record_id: String(admin.id) });
    expect((logout?.created_at ?? '') >= before).toBe(true);
    expect(Date.parse(logout?.created_at ?? '')).not.toBeNaN();
  });

  it('records user management with the acting manager and the record', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: manager.headers,
      payload: { email: 'audited@example.com', name: 'Проверяемый', password: 'long-enough' },
      remoteAddress: '198.51.100.1',
    });
    const id = created.json().data.id as number;
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: manager.headers, payload: { role: 'MANAGER' } });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: manager.headers });
    const log = await entries({ resource: 'users', record_id: String(id) });
    expect(log.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of log) expect(entry).toMatchObject({ user_id: manager.user.id, user_email: manager.user.email, resource: 'users' });
    expect(log.at(-1)?.ip).toBe('198.51.100.1');
  });

  it("names each entry's record: a live one's title and resource, a removed one's title from the trash", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: manager.headers,
      payload: { email: 'titled@example.com', name: 'Озаглавленный', password: 'long-enough' },
    });
    const id = created.json().data.id as number;
    const actor = { id: manager.user.id, email: manager.user.email };
    await insertAudit(t.app.db, { action: 'login', resource: 'session', recordId: id, actor, ip: '192.0.2.80' });
    await insertAudit(t.app.db, { action: 'remove', resource: 'news', recordId: 987654, actor, ip: '192.0.2.80' });
    await insertAudit(t.app.db, { action: 'update', resource: 'settings', recordId: 'security', actor, ip: '192.0.2.80' });
    await t.app.db
      .insertInto('trash')
      .values({
        resource: 'news',
        record_id: 987654,
        title: 'Удалённая новость',
        row: '{}',
        files: '[]',
        removed_by_id: null,
        removed_by_email: '',
        removed_at: new Date().toISOString(),
      })
      .execute();
    const titled = (entry: Entry & { record_title?: string | null; record_resource?: string | null }) => [
      entry.action,
      entry.record_title,
      entry.record_resource,
    ];
    expect((await entries({ resource: 'users', record_id: String(id) })).map(titled)).toEqual([['create', 'Озаглавленный', 'users']]);
    expect((await entries({ ip: '192.0.2.80' })).map(titled)).toEqual([
      ['update', null, null],
      ['remove', 'Удалённая новость', null],
      ['login', 'Озаглавленный', 'users'],
    ]);
  });

  it('keeps the entries of a deleted user, with the e-mail', async () => {
    const user = await userWithToken(t.app, 'USER', 'soon-deleted');
    await session(t.app, user.user.email, 'soon-deleted');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.user.id}`, headers: manager.headers });
    const log = await entries({ user_email: user.user.email });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'login', user_id: null, user_email: user.user.email });
  });

  it('exposes recordAudit(request, { action, resource, recordId }) for every admin write, also inside a transaction', async () => {
    const request = { server: t.app, user: { id: manager.user.id, email: manager.user.email, name: 'M', role: 'MANAGER' }, ip: '192.0.2.44' };
    await recordAudit(request as unknown as FastifyRequest, { action: 'update', resource: 'news', recordId: 42 });
    await t.app.db
      .transaction()
      .execute((trx) => recordAudit(request as unknown as FastifyRequest, { action: 'update', resource: 'text-pages', recordId: 'o-kompanii' }, trx));
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(request as unknown as FastifyRequest, { action: 'remove', resource: 'news', recordId: 43 }, trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const log = await entries({ ip: '192.0.2.44' });
    expect(log.map((entry) => [entry.action, entry.resource, entry.record_id, entry.user_id])).toEqual([
      ['update', 'text-pages', 'o-kompanii', manager.user.id],
      ['update', 'news', '42', manager.user.id],
    ]);
  });

  it('lists newest first with Content-Range, and sorts, ranges and filters by user, resource and action', async () => {
    const all = await list();
    expect(all.statusCode).toBe(200);
    const data = all.json().data as Entry[];
    expect(all.headers['content-range']).toBe(`audit-log 0-${data.length - 1}/${data.length}`);
    expect(data.length).toBeGreaterThan(5);
    const times = data.map((entry) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual([
      'action',
      'created_at',
      'id',
      'ip',
      'record_id',
      'record_resource',
      'record_title',
      'resource',
      'user_email',
      'user_id',
    ]);

    const page = await list({ sort: ['id', 'ASC'], range: [1, 2] });
    expect(page.headers['content-range']).toBe(`audit-log 1-2/${data.length}`);
    const ascending = [...data].sort((a, b) => a.id - b.id);
    expect(page.json().data.map((entry: Entry) => entry.id)).toEqual([ascending[1]?.id, ascending[2]?.id]);

    const mine = await entries({ user_id: manager.user.id });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.user_id === manager.user.id)).toBe(true);
    const logins = await entries({ action: 'login' });
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((entry) => entry.action === 'login')).toBe(true);
    const searched = await entries({ q: 'nobody@' });
    expect(searched.map((entry) => entry.user_email)).toEqual(['nobody@example.com']);

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log/${data[0]?.id}`, headers: manager.headers });
    expect(one.json().data).toEqual(data[0]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/999999', headers: manager.headers })).statusCode).toBe(404);
  });

  it('the search box finds a part of an e-mail, an action or a resource in any case, and a record by its filter', async () => {
    const actor = { id: null, email: 'Petrova.Redaktor@Example.com' };
    await insertAudit(t.app.db, { action: 'publish-all', resource: 'investor-documents', recordId: 777, actor, ip: '10.1.1.1' });
    const found = async (q: string) => (await entries({ q })).map((entry) => `${entry.user_email} ${entry.action} ${entry.resource}`);
    const entry = 'Petrova.Redaktor@Example.com publish-all investor-documents';
    expect(await found('petrova.red')).toEqual([entry]);
    expect(await found('PUBLISH-A')).toEqual([entry]);
    expect(await found('or-docum')).toEqual([entry]);
    expect(await found('777')).toEqual([]);
    expect((await entries({ record_id: '777' })).map((one) => one.action)).toEqual(['publish-all']);
    expect(await found('нет такого')).toEqual([]);
  });

  it('still finds an entry when a searched column holds more distinct values than the search reads', async () => {
    const guessed = Array.from({ length: SEARCHED_VALUES_MAX + 1 }, (_, index) => ({
      user_id: null,
      user_email: `guess${index}@example.net`,
      action: 'login-failed',
      resource: 'session',
      record_id: null,
      ip: '10.2.2.2',
      created_at: new Date(Date.UTC(2020, 0, 1) + index).toISOString(),
    }));
    for (let start = 0; start < guessed.length; start += 1000)
      await t.app.db
        .insertInto('audit_log')
        .values(guessed.slice(start, start + 1000))
        .execute();
    const response = await list({ filter: { q: 'GUESS1234@' } });
    expect(response.json().data.map((one: Entry) => one.user_email)).toEqual(['guess1234@example.net']);
    await t.app.db.deleteFrom('audit_log').where('ip', '=', '10.2.2.2').execute();
  });

  it('answers 400 to malformed list queries', async () => {
    for (const query of [{ filter: { user_id: 'abc' } }, { filter: { secret: 1 } }, { sort: ['nope', 'ASC'] }, { range: [-1, 5] }]) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toMatch(/[а-я]/);
    }
  });

  it('is MANAGER only', async () => {
    const user = await userWithToken(t.app, 'USER');
    expect((await list({}, user.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/1', headers: user.headers })).statusCode).toBe(403);
    expect((await list({}, {})).statusCode).toBe(401);
  });
});
