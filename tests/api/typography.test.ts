import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle } from '../helpers/fixtures.js';
import { runNpmScript } from '../helpers/process.js';
import { postForm } from './admin-helpers.js';

/**
 * Russian typography on save: the fields a descriptor declares with `typography` are typeset by the write path of every
 * resource, the answer is the stored record, and `npm run typography` typesets what was stored before.
 */

/** The acceptance example, typeset: non-breaking spaces before the dash, after «в» and after the number. */
const SENTENCE = '"Смарт" - лидер в 15 минут';
const TYPESET = '«Смарт»\u00a0— лидер в\u00a015\u00a0минут';

const CONTENT =
  '<p>"Смарт" - лидер в 15 минут. Ссылка: <a href="http://a.b/c?d=1&amp;e=2" target="_blank">"отчёт" - тут</a>, ' +
  'почта mail@a.ru - ждём...</p><blockquote>"x" - y</blockquote>';
const CONTENT_TYPESET =
  '<p>«Смарт»&nbsp;— лидер в&nbsp;15&nbsp;минут. Ссылка: <a href="http://a.b/c?d=1&amp;e=2" target="_blank" rel="noopener noreferrer">«отчёт»&nbsp;— тут</a>, ' +
  'почта mail@a.ru&nbsp;— ждём…</p><blockquote>«x»&nbsp;— y</blockquote>';

interface News {
  id: number;
  title: string;
  slug: string;
  lead: string;
  content: string;
  version: number;
}

describe.each(await testDialects())('typography on save on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = (await userWithToken(t.app, 'USER')).headers;
  });
  afterAll(() => t.close());

  const addNews = async (fields: Record<string, string | number>): Promise<News> => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, { public_at: daysAgo(1), ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as News;
  };
  const updateNews = async (id: number, fields: Record<string, string | number>): Promise<News> => {
    const response = await postForm(t.app, `/api/admin/news/update/${id}`, { ...headers, 'if-match': '*' }, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as News;
  };
  const stored = (id: number) => t.app.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('typesets the title through POST /api/admin/news/add: the answer and the database hold the typeset text', async () => {
    const news = await addNews({ title: SENTENCE, lead: SENTENCE });
    expect(news.title).toBe(TYPESET);
    expect(news.lead).toBe(TYPESET);
    expect((await stored(news.id)).title).toBe(TYPESET);
    // The slug is made from the same words, and search finds them.
    expect(news.slug).toBe('smart-lider-v-15-minut');
    const found = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('лидер 15 минут')}` });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`/news/${news.slug}`);
  });

  it('typesets the text of HTML content but not a link address, an attribute or an e-mail; the result stays sanitised', async () => {
    const news = await addNews({ title: 'Новость со ссылкой', content: `${CONTENT}<script>alert(1)</script><p onclick="x()">"a" - b</p>` });
    expect(news.content).toBe(`${CONTENT_TYPESET}<p>«a»&nbsp;— b</p>`);
    expect((await stored(news.id)).content).toBe(news.content);
  });

  it('typesets what the sanitiser leaves: rich text has no code element, so its words are prose like the rest', async () => {
    // Code and preformatted text are kept verbatim by the typesetting (tests/unit/typography.test.ts); the rich
    // text of records declares neither, and the sanitiser, which runs first, keeps only their words.
    const news = await addNews({ title: 'Новость с кодом', content: '<p>Код: <code>"x" - y</code></p>' });
    expect(news.content).toBe('<p>Код: «x»&nbsp;— y</p>');
  });

  it('changes nothing more when the typeset record is saved again', async () => {
    const news = await addNews({ title: SENTENCE, lead: 'Анонс', content: CONTENT, seo_title: SENTENCE });
    const again = await updateNews(news.id, { title: news.title, lead: news.lead, content: news.content, seo_title: TYPESET });
    expect(again).toMatchObject({ title: TYPESET, content: CONTENT_TYPESET, seo_title: TYPESET });
    const row = await stored(news.id);
    expect(row).toMatchObject({ title: TYPESET, content: CONTENT_TYPESET, seo_title: TYPESET });
  });

  it('typesets only the fields a save changes: a field sent as stored keeps its text, and the history names only the changed field', async () => {
    // A record stored before typography: its title and lead are not typeset, and a save of its text alone leaves them.
    const id = await insertArticle(t.app.db, 'news', { title: SENTENCE, lead: 'в 15 минут', content: '<p>Было.</p>', slug: `untouched-${dialect}` });
    const before = await stored(id);
    const saved = await updateNews(id, { title: before.title, lead: before.lead, content: '<p>Рост на 18 % - "рекорд"</p>' });
    expect(saved).toMatchObject({ title: SENTENCE, lead: 'в 15 минут', content: '<p>Рост на&nbsp;18&nbsp;%&nbsp;— «рекорд»</p>' });
    expect(await stored(id)).toMatchObject({ title: SENTENCE, lead: 'в 15 минут' });
    const revision = await t.app.db
      .selectFrom('revisions')
      .select('changed')
      .where('resource', '=', 'news')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(revision.changed)).toEqual(['content']);

    // Rich text sent as the editor writes it, the same text as stored: kept as stored, not typeset anew.
    await t.app.db.updateTable('news').set({ content: '<p>"Как было" - 18 %</p>' }).where('id', '=', id).execute();
    const resent = await updateNews(id, { title: SENTENCE, content: '<p>"Как было" - 18 %</p>' });
    expect(resent.content).toBe('<p>"Как было" - 18 %</p>');
    // A changed title is typeset, «18 %» keeping a no-break space before the percent sign.
    expect((await updateNews(id, { title: 'Рост на 18 %' })).title).toBe('Рост на\u00a018\u00a0%');
    // The record keeps text stored before typography: gone, so that `npm run typography` below finds only its own.
    await t.app.db.deleteFrom('news').where('id', '=', id).execute();
  });

  it('POST /api/admin/news/typeset answers a field as a save would store it, storing nothing; a field without typography is a 400', async () => {
    const typeset = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/news/typeset', headers, payload });
    const count = async () => (await t.app.db.selectFrom('news').select('id').execute()).length;
    const before = await count();
    const title = await typeset({ field: 'title', value: SENTENCE });
    expect(title.statusCode, title.body).toBe(200);
    expect(title.json()).toEqual({ data: { value: TYPESET } });
    const percent = await typeset({ field: 'lead', value: 'Рост 18 %' });
    expect(percent.json()).toEqual({ data: { value: 'Рост 18\u00a0%' } });
    const content = await typeset({ field: 'content', value: CONTENT });
    expect(content.json()).toEqual({ data: { value: CONTENT_TYPESET } });
    expect(await count()).toBe(before);

    const slug = await typeset({ field: 'slug', value: 'v-15-minut' });
    expect(slug.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/news/typeset', payload: { field: 'title', value: SENTENCE } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves fields declared without typography as they are', async () => {
    const news = await addNews({ title: 'Заголовок', slug: 'v-15-minut' });
    expect(news.slug).toBe('v-15-minut');
    const press = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media-other/add',
      headers,
      payload: { title: SENTENCE, url: 'https://example.org/a-b/v-15-minut...', public_at: daysAgo(1) },
    });
    expect(press.statusCode, press.body).toBe(200);
    expect(press.json().data).toMatchObject({ title: TYPESET, url: 'https://example.org/a-b/v-15-minut...' });
  });

  it('typesets a record stored before with npm run typography: history, search and audit follow, and a second run changes nothing', async () => {
    const content = '<p>"Смарт" - лидер, почта mail@a.ru - ждём...</p>';
    const id = await insertArticle(t.app.db, 'news', { title: SENTENCE, lead: 'в 15 минут', content, slug: `old-${dialect}` });
    const before = await stored(id);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    if (t.config.databaseUrl) env.DATABASE_URL = t.config.databaseUrl;
    const run = () => runNpmScript('typography', [], env);

    const first = await run();
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toMatch(/^news: 1 of \d+ records typeset\.$/m);
    const after = await stored(id);
    expect(after).toMatchObject({
      title: TYPESET,
      lead: 'в\u00a015\u00a0минут',
      content: '<p>«Смарт»&nbsp;— лидер, почта mail@a.ru&nbsp;— ждём…</p>',
      slug: `old-${dialect}`,
    });
    expect(after.version).toBe(before.version + 1);
    expect(after.updated_at).toBe(before.updated_at);

    const revision = await t.app.db.selectFrom('revisions').selectAll().where('resource', '=', 'news').where('record_id', '=', id).executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ user_id: null, user_email: 'cli' });
    expect(JSON.parse(revision.field_values)).toMatchObject({ title: SENTENCE, content });
    expect(JSON.parse(revision.changed)).toEqual(['title', 'lead', 'content']);
    const document = await t.app.db
      .selectFrom('search_index')
      .select('title')
      .where('resource', '=', 'news')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    // The index keeps words and spaces: a non-breaking space is a space there.
    expect(document.title).toBe(TYPESET.replaceAll('\u00a0', ' '));
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'typography').where('record_id', '=', String(id)).execute();
    expect(audit).toMatchObject([{ resource: 'news', user_email: 'cli', ip: 'cli' }]);

    const second = await run();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^news: 0 of \d+ records typeset\.$/m);
    expect((await stored(id)).version).toBe(after.version);
  }, 60_000);
});
