import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';

/** One way of validating on every dialect: the same helpers and the same JSON body parser on every admin route. */
describe.each(await testDialects())('one way of validating on %s', (dialect) => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
  });
  afterAll(() => t?.close());

  const call = (method: 'POST' | 'PUT', url: string, payload?: object | string) =>
    t.app.inject({ method, url, headers: { ...manager.headers, 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload }) });

  it('an optional number cleared in a form means none: an add goes to the end of the list, an update keeps the value', async () => {
    const first = await call('POST', '/api/admin/network-collections', { title: 'VK', url: 'https://vk.com/company', position: 4 });
    expect(first.json().data.position).toBe(4);
    const second = await call('POST', '/api/admin/network-collections', { title: 'Telegram', url: 'https://t.me/company', position: null });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.position).toBe(5);
    const cleared = await call('PUT', `/api/admin/network-collections/${first.json().data.id}`, { title: 'ВКонтакте', position: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ title: 'ВКонтакте', position: 4 });
    const wrong = await call('PUT', `/api/admin/network-collections/${first.json().data.id}`, { position: 'четыре' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.position).toEqual(['Ожидается целое число.']);
  });

  it('a JSON request without a body reads as {} on every admin route, not only the resources’', async () => {
    const emptied = await call('POST', '/api/admin/trash/empty');
    expect(emptied.statusCode).toBe(200);
    const disable = await call('POST', '/api/admin/account/2fa/disable');
    expect(disable.statusCode).toBe(400);
    expect(disable.json().errors.password).toEqual(['Введите текущий пароль.']);
    const broken = await call('POST', '/api/admin/account/2fa/disable', '{"password":');
    expect(broken.statusCode).toBe(400);
  });

  it('the security setting takes a flag as every form does (0, 1, true, false, "1")', async () => {
    for (const [value, stored] of [
      [true, 1],
      ['0', 0],
      [1, 1],
      [false, 0],
    ] as const) {
      const answer = await call('PUT', '/api/admin/settings/security', { require_two_factor: value });
      // A MANAGER without two-factor sign-in may not require it (409); turning it off always works.
      expect(answer.statusCode, String(value)).toBe(stored === 1 ? 409 : 200);
    }
    const wrong = await call('PUT', '/api/admin/settings/security', { require_two_factor: 'да' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.require_two_factor).toEqual(['Ожидается 0 или 1.']);
  });
});
