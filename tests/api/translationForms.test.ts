import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../lib/resources/articles.js';
import { translationsOf } from '../../server/translations/store.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, postForm } from './admin-helpers.js';

interface AdminNews {
  id: number;
  version: number;
  translated_en: 0 | 1;
  translations: { en: Record<string, string> | null };
}

/**
 * What the admin's form sends for a record's English version: every localized field, the ones left empty as `null`
 * (react-admin's cleared input) or `""`; an English side opened and left empty gives the record no version.
 */
describe.each(await testDialects())('English versions as the admin form sends them on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' } });
    headers = await adminHeaders(t.app, 'USER');
  }, 120_000);
  afterAll(() => t?.close());

  const EMPTY_FORM = { title: null, slug: null, lead: '', image_alt: null, content: '', seo_title: null, seo_description: null };

  const addNews = async (title: string, en: object) => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, { title, public_at: daysAgo(1), translations: JSON.stringify({ en }) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminNews;
  };
  const update = async (record: AdminNews, en: object) => {
    const response = await postForm(
      t.app,
      `/api/admin/news/update/${record.id}`,
      { ...headers, 'if-match': `"${record.version}"` },
      {
        translations: JSON.stringify({ en }),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminNews;
  };
  const storedVersion = async (id: number) => (await translationsOf(t.app.db, news, [id], 'en')).get(id);

  it('takes null as an emptied field, as react-admin sends a cleared input', async () => {
    const added = await addNews('Новость с английским анонсом', { ...EMPTY_FORM, title: 'An English title', lead: 'An English lead' });
    expect(added.translated_en).toBe(1);
    const saved = await update(added, { ...EMPTY_FORM, title: 'An English title', lead: null });
    expect(saved.translations.en).toMatchObject({ title: 'An English title', lead: '' });
    expect((await storedVersion(added.id))?.values).toEqual({ title: 'An English title' });
  });

  it('gives a record no English version for an English side left empty, and removes one emptied field by field', async () => {
    const untouched = await addNews('Новость без английской версии', EMPTY_FORM);
    expect(untouched.translations.en).toBeNull();
    expect(untouched.translated_en).toBe(0);
    expect(await storedVersion(untouched.id)).toBeUndefined();

    const translated = await addNews('Новость, чей перевод стёрли', { ...EMPTY_FORM, title: 'To be emptied' });
    const emptied = await update(translated, EMPTY_FORM);
    expect(emptied.translations.en).toBeNull();
    expect(await storedVersion(translated.id)).toBeUndefined();
    const listed = await t.app.inject({ url: `/api/admin/news?filter=${encodeURIComponent('{"translated_en":0}')}&range=[0,999]`, headers });
    expect((listed.json().data as AdminNews[]).map((row) => row.id)).toEqual(expect.arrayContaining([untouched.id, translated.id]));
  });

  it('lists how far each record is translated: none, unfinished (a required field empty) or done', async () => {
    const done = await addNews('Новость с готовым переводом', { title: 'A finished translation' });
    const unfinished = await addNews('Новость с начатым переводом', { lead: 'Only a lead so far' });
    const none = await addNews('Новость без перевода', EMPTY_FORM);
    const listed = await t.app.inject({ url: '/api/admin/news?range=[0,999]', headers });
    const rows = listed.json().data as (AdminNews & { translation_en: string })[];
    const stateOf = (id: number) => rows.find((row) => row.id === id)?.translation_en;
    expect([stateOf(done.id), stateOf(unfinished.id), stateOf(none.id)]).toEqual(['done', 'unfinished', 'none']);
    expect(rows.find((row) => row.id === unfinished.id)?.translated_en).toBe(0);
  });
});
