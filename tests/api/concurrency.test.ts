import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, LOGIN_FAILED_ACTION } from '../../server/auth/loginAttempts.js';
import { LAST_MANAGER_MESSAGE } from '../../server/auth/accounts.js';
import { RATE_LIMITED_MESSAGE } from '../../server/routes/auth.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { freshIp } from './auth-helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** Limits and invariants that must hold when requests arrive at the same moment, not only one after another. */
describe.each(await testDialects())('concurrent requests on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, each request may claim its own address: only the per-account limit can stop them.
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it(`40 parallel wrong logins from 40 addresses: at most ${ACCOUNT_FAILURE_LIMIT} passwords checked, the rest 429`, async () => {
    const { user } = await userWithToken(t.app, 'USER', 'parallel-password-1');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/site/login',
          payload: { email: user.email, password: `wrong-password-${index}` },
          headers: { 'x-forwarded-for': freshIp() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const response of responses.filter((r) => r.statusCode === 429)) expect(response.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
    // Every password check left exactly one failure in the audit log; refused attempts left none.
    const failures = await t.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('user_email', '=', user.email)
      .where('action', '=', LOGIN_FAILED_ACTION)
      .execute();
    expect(failures).toHaveLength(statuses.filter((status) => status === 401).length);
  });

  it('parallel logins with the right password all succeed while under the limit', async () => {
    const { user, password } = await userWithToken(t.app, 'USER', 'parallel-password-2');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/site/login', payload: { email: user.email, password }, headers: { 'x-forwarded-for': freshIp() } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('two managers deactivating each other at once (with new passwords, which widen the window): one 200, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await userWithToken(t.app, 'MANAGER');
      const b = await userWithToken(t.app, 'MANAGER');
      // Exactly these two managers are active.
      await t.app.db.updateTable('users').set({ active: 0 }).where('id', 'not in', [a.user.id, b.user.id]).where('role', '=', 'MANAGER').execute();
      const [byA, byB] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${b.user.id}`,
          headers: a.headers,
          payload: { active: 0, password: `fresh-passphrase-${round}-a` },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${a.user.id}`,
          headers: b.headers,
          payload: { active: 0, password: `fresh-passphrase-${round}-b` },
        }),
      ]);
      expect([byA.statusCode, byB.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      expect((byA.statusCode === 409 ? byA : byB).json().message).toBe(LAST_MANAGER_MESSAGE);
      const active = await t.app.db.selectFrom('users').select('id').where('role', '=', 'MANAGER').where('active', '=', 1).execute();
      expect(active).toHaveLength(1);
    }
  });

  it('two managers deleting each other at once: one succeeds, an active manager remains', async () => {
    const a = await userWithToken(t.app, 'MANAGER');
    const b = await userWithToken(t.app, 'MANAGER');
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', 'not in', [a.user.id, b.user.id]).where('role', '=', 'MANAGER').execute();
    const [byA, byB] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/admin/users/${b.user.id}`, headers: a.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}`, headers: b.headers }),
    ]);
    expect([byA.statusCode, byB.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([byA.statusCode, byB.statusCode].every((status) => status < 500)).toBe(true);
    const active = await t.app.db.selectFrom('users').select('id').where('role', '=', 'MANAGER').where('active', '=', 1).execute();
    expect(active).toHaveLength(1);
  });

  it('a user write and its audit entry commit together', async () => {
    const a = await userWithToken(t.app, 'MANAGER');
    const target = await userWithToken(t.app, 'USER');
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${target.user.id}`, headers: a.headers, payload: { name: 'Новое имя' } });
    expect(response.statusCode).toBe(200);
    const entry = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'users')
      .where('record_id', '=', String(target.user.id))
      .executeTakeFirst();
    expect(entry?.action).toBe('update');
  });
});
