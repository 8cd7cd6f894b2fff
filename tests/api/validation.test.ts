import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { insertArticle } from '../helpers/fixtures.js';
import { LIST_QUERY_MESSAGE } from '../../server/records/listQuerySchema.js';
import { reindexAll } from '../../server/search/indexer.js';

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
  /** A list read of news: `query` maps parameters to their values, JSON given as objects. */
  const list = (query: Record<string, unknown>, raw = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/news?${Object.entries(query)
        .map(([name, value]) => `${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
        .join('&')}${raw}`,
      headers: manager.headers,
    });

  it.each([
    ['sort', { sort: 'title' }, 'Ожидается JSON.'],
    ['sort', { sort: null }, 'Ожидается ["поле","ASC"|"DESC"].'],
    ['sort', { sort: ['title'] }, 'Ожидается ["поле","ASC"|"DESC"].'],
    ['sort', { sort: ['title', 'ASC', 'x'] }, 'Ожидается ["поле","ASC"|"DESC"].'],
    ['sort', { sort: ['title', 1] }, 'Ожидается ["поле","ASC"|"DESC"].'],
    ['sort', { sort: ['content', 'ASC'] }, 'По полю «content» сортировать нельзя.'],
    ['sort', { sort: ['title', 'UP'] }, 'Порядок — ASC или DESC.'],
    ['range', { range: { start: 0 } }, 'Ожидается [начало, конец].'],
    ['range', { range: [0, 1.5] }, 'Ожидается [начало, конец].'],
    ['range', { range: ['0', '9'] }, 'Ожидается [начало, конец].'],
    ['range', { range: [-1, 5] }, 'Начало не меньше 0, конец не меньше начала, не больше 1000 записей.'],
    ['range', { range: [0, 1000] }, 'Начало не меньше 0, конец не меньше начала, не больше 1000 записей.'],
    ['filter', { filter: '{' }, 'Ожидается JSON.'],
    ['filter', { filter: 'Завод' }, 'Ожидается JSON.'],
    ['filter', { filter: [1] }, 'Ожидается объект.'],
    ['filter', { filter: { content: 'x' } }, 'По полю «content» фильтровать нельзя.'],
    ['filter', { filter: '{"__proto__":1}' }, 'По полю «__proto__» фильтровать нельзя.'],
    ['filter', { filter: { toString: 1 } }, 'По полю «toString» фильтровать нельзя.'],
    ['filter', { filter: { q: 5 } }, '«q» — строка до 200 символов.'],
    ['filter', { filter: { q: 'я'.repeat(201) } }, '«q» — строка до 200 символов.'],
    ['filter', { filter: { q: 'a\tb' } }, '«q» — строка до 200 символов.'],
    ['filter', { filter: { id: null } }, '«id» ожидает целое число.'],
    ['filter', { filter: { id: ['1', 'два'] } }, '«id» ожидает целое число.'],
    ['filter', { filter: { id: [0] } }, '«id» ожидает номера записей.'],
    ['filter', { filter: { id: Array.from({ length: 1001 }, (_, index) => index + 1) } }, 'Слишком много значений «id».'],
    ['filter', { filter: { published: 1.5 } }, '«published» ожидает целое число.'],
    ['filter', { filter: { published: [0, 'да'] } }, '«published» ожидает целое число.'],
    ['filter', { filter: { published: -2147483649 } }, '«published» ожидает целое число.'],
    ['filter', { filter: { slug: { a: 1 } } }, '«slug» ожидает строку.'],
    ['filter', { filter: { slug: [true] } }, '«slug» ожидает строку.'],
    ['filter', { filter: { slug: 'x'.repeat(2001) } }, 'Недопустимое значение «slug».'],
  ])('a list query refuses a malformed %s (%j): %s', async (field, query, text) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: LIST_QUERY_MESSAGE, errors: { [field]: [text] } });
  });

  it('a list query parameter given twice is refused, naming the parameter', async () => {
    const response = await list({ sort: ['title', 'ASC'] }, `&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ sort: ['Параметр должен встречаться один раз.'] });
  });

  it('a list query reads what the admin sends: any letter case, booleans and digits for numbers, null for an empty column', async () => {
    const draft = await insertArticle(t.app.db, 'news', { title: 'Черновик проверки списка', published: 0 });
    // `q` reads the search index, which holds a row written outside the admin once reindexed.
    await reindexAll(t.app.db);
    const ids = (response: Awaited<ReturnType<typeof list>>) => response.json().data.map((item: { id: number }) => item.id);

    const lower = await list({ sort: ['id', 'desc'], range: [0, 0] });
    expect(lower.statusCode).toBe(200);
    expect(ids(lower)).toEqual([draft]);
    expect(lower.headers['content-range']).toMatch(/^news 0-0\/\d+$/);
    for (const published of [false, 0, '0', [false, '0']]) {
      const drafts = await list({ filter: { published, id: [String(draft)] } });
      expect(ids(drafts), JSON.stringify(published)).toEqual([draft]);
    }
    expect(ids(await list({ filter: { published: true, id: [draft] } }))).toEqual([]);
    expect(ids(await list({ filter: { slug: null, id: [draft] } }))).toEqual([]);
    expect(ids(await list({ filter: { q: '  проверки списка ', id: draft } }))).toEqual([draft]);
    const plain = await list({ sort: '', range: '', filter: 'null' });
    expect(plain.statusCode).toBe(200);
    expect(ids(plain)).toContain(draft);
  });
});
