import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { wholeSitemap } from '../helpers/sitemap.js';

interface Vacancy {
  id: number;
  slug: string;
  version: number;
}

/**
 * Vacancies, the resource declared with nothing but its migration, descriptor, registry line, admin folder and page
 * folder, behave like every other: admin REST with the declared rules, a public list with its filter and pages, a
 * page per vacancy, preview of a draft, search, sitemap, the trash and an old address after a rename.
 */
describe.each(await testDialects())('vacancies on %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    user = await userWithToken(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  const rest = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method, url, headers: { ...headers, ...(method === 'POST' ? {} : { 'if-match': '*' }) }, ...(payload ? { payload } : {}) });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const add = async (values: Record<string, unknown>) => {
    const response = await rest('POST', '/api/admin/vacancies', {
      employment: 'full',
      city: 'Москва',
      public_at: daysAgo(1),
      description: '<p>Описание</p>',
      ...values,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Vacancy;
  };

  it('adds a vacancy through plain REST with a slug made from its title; its page and list show it', async () => {
    const vacancy = await add({ title: 'Инженер-сметчик', city: 'Казань', salary_from: 120000, salary_to: 160000 });
    expect(vacancy.slug).toBe('inzhener-smetchik');
    const page = await get('/karera/inzhener-smetchik');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Инженер-сметчик');
    // Digits are grouped with no-break spaces, which keep a sum on one line.
    expect(page.body.replaceAll('\u00a0', ' ')).toContain('от 120 000 до 160 000 ₽');
    expect(page.body).toContain('Полная занятость');
    expect(page.body).toContain('"@type":"JobPosting"');
    expect(page.body).toMatch(/<link rel="canonical" href="[^"]*\/karera\/inzhener-smetchik"\/>/);
    const list = (await get('/api/vacancies')).json().data;
    expect(list.items[0]).toEqual({
      id: vacancy.id,
      title: 'Инженер-сметчик',
      slug: 'inzhener-smetchik',
      city: 'Казань',
      salary_from: 120000,
      salary_to: 160000,
      employment: 'full',
      public_at: expect.any(String),
    });
  });

  it('refuses a salary range whose upper end is below its lower end, on add and on update', async () => {
    const refused = await rest('POST', '/api/admin/vacancies', {
      title: 'Юрист',
      city: 'Москва',
      employment: 'full',
      public_at: daysAgo(1),
      salary_from: 200000,
      salary_to: 100000,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ salary_to: ['Верхняя граница не может быть меньше нижней.'] });
    const vacancy = await add({ title: 'Юрист', salary_to: 150000 });
    const update = await rest('PUT', `/api/admin/vacancies/${vacancy.id}`, { salary_from: 180000 });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toEqual({ salary_to: ['Верхняя граница не может быть меньше нижней.'] });
  });

  it('filters the list by city, pages it by ten and answers a city nobody works in with an empty page', async () => {
    for (let index = 0; index < 11; index++) await add({ title: `Оператор ${index + 1}`, city: 'Тверь', public_at: daysAgo(2 + index / 100) });
    const tver = (await get(`/api/vacancies?city=${encodeURIComponent('Тверь')}`)).json().data;
    expect(tver).toMatchObject({ page: 1, perPage: 10, total: 11, pageCount: 2 });
    expect((await get(`/api/vacancies?city=${encodeURIComponent('Тверь')}&page=2`)).json().data.items).toHaveLength(1);
    expect((await get(`/api/vacancies?city=${encodeURIComponent('Атлантида')}`)).json().data.total).toBe(0);

    const html = (await get(`/karera?city=${encodeURIComponent('Тверь')}`)).body;
    expect(html).toContain(`href="/karera?city=${encodeURIComponent('Тверь')}&amp;page=2"`);
    expect(html).toContain('aria-label="Города"');
    // Chips: every city visible vacancies are in, alphabetically, the picked one current.
    const chips = [...html.matchAll(/class="chip" href="[^"]*"(?: aria-current="page")?>([^<]+)</g)].map((match) => match[1]);
    expect(chips).toEqual(['Все города', 'Казань', 'Москва', 'Тверь']);
    expect(html).toMatch(/aria-current="page">Тверь</);
    expect((await get('/karera?page=3')).statusCode).toBe(404);
    expect((await get('/karera?page=1')).statusCode).toBe(301);
  });

  it('keeps drafts and scheduled vacancies off the site, while a preview link opens the draft', async () => {
    const draft = await add({ title: 'Черновик вакансии', published: 0 });
    const scheduled = await add({ title: 'Будущая вакансия', public_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await get(`/karera/${draft.slug}`)).statusCode).toBe(404);
    expect((await get(`/karera/${scheduled.slug}`)).statusCode).toBe(404);
    const titles = JSON.stringify((await get('/api/vacancies')).json().data);
    expect(titles).not.toContain('Черновик вакансии');
    expect(titles).not.toContain('Будущая вакансия');

    const link = await t.app.inject({ method: 'POST', url: `/api/admin/vacancies/preview/${draft.id}`, headers: user.headers });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data as { url: string };
    expect(url.startsWith(`/karera/${draft.slug}?preview=`)).toBe(true);
    const preview = await get(url);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Черновик вакансии');
  });

  it('is found by the site search, listed in the sitemap, and its old address leads to the new one', async () => {
    const vacancy = await add({ title: 'Геодезист', city: 'Пермь' });
    const found = await get(`/api/search?q=${encodeURIComponent('геодезист')}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('/karera/geodezist');
    const sitemap = await wholeSitemap(async (path) => (await get(path)).body);
    expect(sitemap).toMatch(/<loc>[^<]*\/karera<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/karera\/geodezist<\/loc>/);

    expect((await rest('PUT', `/api/admin/vacancies/${vacancy.id}`, { slug: 'geodezist-perm' })).statusCode).toBe(200);
    const old = await get('/karera/geodezist');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/karera/geodezist-perm');
  });

  it('goes to the trash on removal, leaves the site, and comes back under the same id', async () => {
    const vacancy = await add({ title: 'Курьер', city: 'Омск' });
    expect((await rest('DELETE', `/api/admin/vacancies/${vacancy.id}`)).statusCode).toBe(200);
    expect((await get('/karera/kurer')).statusCode).toBe(404);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/trash/restore/vacancies/${vacancy.id}`, headers: user.headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get('/karera/kurer')).statusCode).toBe(200);
  });
});
