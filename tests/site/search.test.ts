import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from './server.js';

/** The search page of the built site, rendered on the server, on the demo content. */

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
}, 240_000);
afterAll(async () => {
  await site?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

describe('/poisk', () => {
  it('renders the results on the server: kind, marked words, noindex, the query in the form', async () => {
    const { status, html } = await get(`/poisk?q=${encodeURIComponent('отчеты')}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Поиск по сайту | Смарт Горизонт</title>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/class="search-results__title" href="\/api\/investor-documents\/\d+\/file"><span>Годовой <\/span><mark>отчёт<\/mark>/);
    expect(html).toContain('class="search-results__kind">Документ<');
    expect(html).toContain('value="отчеты"');
  });

  it('finds the shareholders page by another form of the word', async () => {
    const { html } = await get(`/poisk?q=${encodeURIComponent('акционерам')}`);
    expect(html).toContain('href="/investoram/informatsiya-dlya-aktsionerov"');
    expect(html).toContain('<mark>акционеров</mark>');
  });

  it('shows the empty-query state and the nothing-found state without an error', async () => {
    const empty = await get('/poisk?q=');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('Введите слово или несколько слов');
    expect(empty.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await get('/poisk')).status).toBe(200);
    const none = await get(`/poisk?q=${encodeURIComponent('абракадабра')}`);
    expect(none.status).toBe(200);
    expect(none.html).toContain('Ничего не найдено');
    const long = await get(`/poisk?q=${'а'.repeat(300)}`);
    expect(long.status).toBe(200);
    expect(long.html).toContain('не длиннее 200 символов');
    expect((await get(`/poisk?q=${encodeURIComponent('отчеты')}&page=1`)).status).toBe(301);
    expect((await get(`/poisk?q=${encodeURIComponent('отчеты')}&page=9`)).status).toBe(404);
  });

  it('escapes what it shows: a query with markup stays text', async () => {
    const { status, html } = await get(`/poisk?q=${encodeURIComponent('<script>alert(1)</script> отчет')}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('has the search field in the header of every page', async () => {
    const { html } = await get('/');
    const form = /<form class="topbar__search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form, html.slice(html.indexOf('topbar'), html.indexOf('topbar') + 600)).toContain('action="/poisk"');
    expect(html).toContain('<label class="visually-hidden" for="header-search-q">Поиск по сайту</label>');
  });
});
