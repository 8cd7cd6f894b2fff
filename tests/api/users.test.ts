import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../server/auth/guard.js';
import { SELF_MESSAGES } from '../../server/routes/admin/users.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { login, refresh, session } from './auth-helpers.js';

type Headers = Record<string, string>;
const USER_FIELDS = ['active', 'created_at', 'email', 'id', 'name', 'role', 'two_factor', 'updated_at', 'version'];

describe.each(await testDialects())('users API on %s', (dialect) => {
  let t: TestApp;
  let manager: { user: { id: number; email: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const create = (payload: unknown, headers: Headers = manager.headers) => call('POST', '/api/admin/users', headers, payload);
  const update = (id: number, payload: unknown, headers: Headers = manager.headers) => call('PUT', `/api/admin/users/${id}`, headers, payload);
  const me = (headers: Headers) => call('GET', '/api/admin/me', headers);
  const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  describe('create', () => {
    it('creates a USER by default, answers the record without the hash, and the account can log in', async () => {
      const email = `new-${unique()}@example.com`;
      const response = await create({ email: email.toUpperCase(), name: '  Иван Петров ', password: 'long-enough' });
      expect(response.statusCode).toBe(201);
      const record = response.json().data;
      expect(Object.keys(record).sort()).toEqual(USER_FIELDS);
      expect(record).toMatchObject({ email, name: 'Иван Петров', role: 'USER', active: 1 });
      expect(response.body).not.toMatch(/password|scrypt|token_version/);
      const row = await t.app.db.selectFrom('users').select('password_hash').where('id', '=', record.id).executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith(`scrypt$${2 ** t.config.passwordHashCost}$8$1$`)).toBe(true);
      expect((await login(t.app, email, 'long-enough')).statusCode).toBe(200);
    });

    it('creates a MANAGER when asked', async () => {
      const response = await create({ email: `boss-${unique()}@example.com`, name: 'Босс', password: 'manager-pass', role: 'MANAGER' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.role).toBe('MANAGER');
    });

    it('accepts passwords of exactly 8 and 128 characters', async () => {
      // Lengths at the edges, made of characters no guesser starts with (the policy refuses 'xxxxxxxx').
      for (const password of ['kq7#mZ2p', 'kq7#mZ2p-vL9!'.repeat(10).slice(0, 128)]) {
        expect((await create({ email: `edge-${unique()}@example.com`, name: 'Край', password })).statusCode).toBe(201);
      }
    });

    it.each([
      ['missing everything', {}, ['email', 'name', 'password']],
      ['a short password', { email: 'a@example.com', name: 'A', password: '1234567' }, ['password']],
      ['a long password', { email: 'a@example.com', name: 'A', password: 'p'.repeat(129) }, ['password']],
      ['a bad e-mail', { email: 'not-mail', name: 'A', password: 'long-enough' }, ['email']],
      ['an unknown role', { email: 'a@example.com', name: 'A', password: 'long-enough', role: 'ADMIN' }, ['role']],
      ['a lower-case role', { email: 'a@example.com', name: 'A', password: 'long-enough', role: 'manager' }, ['role']],
      ['wrong types', { email: ['a@example.com'], name: 5, password: 12345678, active: 'yes' }, ['active', 'email', 'name', 'password']],
      ['an empty name', { email: 'a@example.com', name: '   ', password: 'long-enough' }, ['name']],
    ])('answers 400 in Russian for %s', async (_name, payload, fields) => {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(Object.keys(body.errors).sort()).toEqual(fields);
      expect(body.message).toMatch(/[а-я]/);
      for (const messages of Object.values(body.errors as Record<string, string[]>)) expect(messages.join(' ')).toMatch(/[а-яА-Я]/);
      expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'a@example.com').executeTakeFirst()).toBeUndefined();
    });

    it('answers 409 for an e-mail already taken, whatever its case', async () => {
      const response = await create({ email: TEST_ADMIN.email.toUpperCase(), name: 'Двойник', password: 'long-enough' });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors.email[0]).toMatch(/уже существует/);
    });
  });

  describe('reads', () => {
    it('lists with sort, range, filter and q, and sets Content-Range', async () => {
      const tag = unique();
      const ids: number[] = [];
      for (const [index, [name, role]] of (
        [
          ['Анна', 'USER'],
          ['Борис', 'MANAGER'],
          ['Вера', 'USER'],
        ] as const
      ).entries()) {
        ids.push((await create({ email: `${tag}-${index}@example.com`, name: `${name} ${tag}`, password: 'long-enough', role })).json().data.id);
      }
      const list = await call(
        'GET',
        `/api/admin/users?sort=${encodeURIComponent('["name","DESC"]')}&range=[0,1]&filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`,
        manager.headers,
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('users 0-1/3');
      expect(String(list.headers['access-control-expose-headers'])).toContain('Content-Range');
      const data = list.json().data;
      expect(data.map((user: { name: string }) => user.name)).toEqual([`Вера ${tag}`, `Борис ${tag}`]);
      for (const record of data) expect(Object.keys(record).sort()).toEqual(USER_FIELDS);
      expect(list.body).not.toMatch(/password|scrypt|token_version/);

      const managers = await call('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: tag, role: 'MANAGER' }))}`, manager.headers);
      expect(managers.json().data.map((user: { id: number }) => user.id)).toEqual([ids[1]]);
      const many = await call('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [ids[0], ids[2]] }))}`, manager.headers);
      expect(
        many
          .json()
          .data.map((user: { id: number }) => user.id)
          .sort(),
      ).toEqual([ids[0], ids[2]].sort());
      const byEmail = await call('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: TEST_ADMIN.email.slice(0, 7) }))}`, manager.headers);
      expect(byEmail.json().data.map((user: { email: string }) => user.email)).toContain(TEST_ADMIN.email);
    });

    it.each([
      ['sort=not-json', 'sort'],
      ['sort=["password_hash","ASC"]', 'sort'],
      ['sort=["name","SIDEWAYS"]', 'sort'],
      ['range=[5,1]', 'range'],
      ['range=["a","b"]', 'range'],
      ['filter={"password_hash":"x"}', 'filter'],
      ['filter={"token_version":1}', 'filter'],
      ['filter={"active":"yes"}', 'filter'],
      ['filter=[1]', 'filter'],
      ['sort=["name","ASC"]&sort=["id","ASC"]', 'sort'],
    ])('answers 400 to the list query %s', async (query, field) => {
      const response = await call('GET', `/api/admin/users?${query.replace(/[[\]{}"]/g, encodeURIComponent)}`, manager.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    });

    it('reads one user, and answers 404 for unknown or malformed ids', async () => {
      const one = await call('GET', `/api/admin/users/${manager.user.id}`, manager.headers);
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ id: manager.user.id, email: manager.user.email, role: 'MANAGER' });
      expect(Object.keys(one.json().data).sort()).toEqual(USER_FIELDS);
      for (const id of ['999999', 'abc', '0', '-1', '1.5', '9'.repeat(30)]) {
        expect((await call('GET', `/api/admin/users/${id}`, manager.headers)).statusCode).toBe(404);
      }
    });

    it('answers /api/admin/me for any signed-in user', async () => {
      const user = await userWithToken(t.app, 'USER');
      const response = await me(user.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: user.user.id, role: 'USER' });
      expect(response.body).not.toMatch(/password|scrypt/);
      expect((await me({})).statusCode).toBe(401);
    });
  });

  describe('update', () => {
    it('changes the name without ending sessions, and accepts the whole record as ra-data-simple-rest sends it', async () => {
      const user = await userWithToken(t.app, 'USER');
      const record = (await call('GET', `/api/admin/users/${user.user.id}`, manager.headers)).json().data;
      const response = await update(user.user.id, { ...record, name: 'Новое имя', password: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: user.user.id, name: 'Новое имя', role: 'USER', active: 1 });
      expect(response.json().data.updated_at >= record.updated_at).toBe(true);
      expect((await me(user.headers)).statusCode).toBe(200);
      expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(200);
    });

    it('ends every session on a password change; the new password works, the old one does not', async () => {
      const user = await userWithToken(t.app, 'USER', 'old-password');
      const { refreshToken } = await session(t.app, user.user.email, 'old-password');
      expect((await update(user.user.id, { password: 'new-password' })).statusCode).toBe(200);
      const answer = await me(user.headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
      expect((await login(t.app, user.user.email, 'old-password')).statusCode).toBe(401);
      expect((await login(t.app, user.user.email, 'new-password')).statusCode).toBe(200);
    });

    it('ends every session on a role change, in both directions', async () => {
      const user = await userWithToken(t.app, 'USER');
      expect((await update(user.user.id, { role: 'MANAGER' })).json().data.role).toBe('MANAGER');
      expect((await me(user.headers)).statusCode).toBe(401);
      const promoted = await session(t.app, user.user.email, user.password);
      expect((await call('GET', '/api/admin/users', promoted.headers)).statusCode).toBe(200);
      expect((await update(user.user.id, { role: 'USER' })).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/users', promoted.headers)).statusCode).toBe(401);
    });

    it('ends every session on deactivation and refuses logins until reactivated', async () => {
      const user = await userWithToken(t.app, 'USER');
      const { refreshToken } = await session(t.app, user.user.email, user.password);
      expect((await update(user.user.id, { active: 0 })).json().data.active).toBe(0);
      expect((await me(user.headers)).statusCode).toBe(401);
      expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
      expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(401);
      expect((await update(user.user.id, { active: true })).json().data.active).toBe(1);
      expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(200);
    });

    it('answers 409 for a taken e-mail, 404 for an unknown user, 400 for bad values', async () => {
      const user = await userWithToken(t.app, 'USER');
      expect((await update(user.user.id, { email: TEST_ADMIN.email })).statusCode).toBe(409);
      expect((await update(999999, { name: 'Никто' })).statusCode).toBe(404);
      const bad = await update(user.user.id, { password: 'short', role: 'ROOT', active: 2 });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['active', 'password', 'role']);
      const row = await t.app.db.selectFrom('users').select(['role', 'active', 'email']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'USER', active: 1, email: user.user.email });
    });

    it('does not let a manager deactivate, demote or delete themselves', async () => {
      const self = await userWithToken(t.app, 'MANAGER');
      const deactivate = await update(self.user.id, { active: 0 }, self.headers);
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json().message).toBe(SELF_MESSAGES.deactivate);
      const demote = await update(self.user.id, { role: 'USER' }, self.headers);
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(SELF_MESSAGES.demote);
      const remove = await call('DELETE', `/api/admin/users/${self.user.id}`, self.headers);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe(SELF_MESSAGES.delete);
      const row = await t.app.db.selectFrom('users').select(['role', 'active']).where('id', '=', self.user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'MANAGER', active: 1 });
      // Saving their own record unchanged (role MANAGER, active 1) is fine.
      expect((await update(self.user.id, { role: 'MANAGER', active: 1, name: 'Я' }, self.headers)).statusCode).toBe(200);
      expect((await me(self.headers)).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it('deletes another user, answers the removed record, and ends its sessions', async () => {
      const user = await userWithToken(t.app, 'USER');
      const response = await call('DELETE', `/api/admin/users/${user.user.id}`, manager.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: user.user.id, email: user.user.email });
      expect(Object.keys(response.json().data).sort()).toEqual(USER_FIELDS);
      expect((await call('GET', `/api/admin/users/${user.user.id}`, manager.headers)).statusCode).toBe(404);
      expect((await me(user.headers)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/admin/users/${user.user.id}`, manager.headers)).statusCode).toBe(404);
    });
  });

  describe('a USER', () => {
    it('gets 403 on every users route and can never raise its own role or touch another account', async () => {
      const user = await userWithToken(t.app, 'USER');
      const other = await userWithToken(t.app, 'USER');
      const attempts = [
        call('GET', '/api/admin/users', user.headers),
        call('GET', `/api/admin/users/${user.user.id}`, user.headers),
        create({ email: `sneaky-${unique()}@example.com`, name: 'Хитрец', password: 'long-enough', role: 'MANAGER' }, user.headers),
        update(user.user.id, { role: 'MANAGER' }, user.headers),
        update(other.user.id, { password: 'hijacked-password' }, user.headers),
        update(manager.user.id, { active: 0 }, user.headers),
        call('DELETE', `/api/admin/users/${other.user.id}`, user.headers),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: FORBIDDEN_MESSAGE });
      }
      const rows = await t.app.db
        .selectFrom('users')
        .select(['id', 'role', 'active', 'password_hash'])
        .where('id', 'in', [user.user.id, other.user.id, manager.user.id])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.role, row.active])).toEqual([
        ['MANAGER', 1],
        ['USER', 1],
        ['USER', 1],
      ]);
      expect((await login(t.app, other.user.email, 'hijacked-password')).statusCode).toBe(401);
      expect((await me(user.headers)).statusCode).toBe(200);
    });
  });
});
