import { JSDOM } from 'jsdom';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, postForm } from './admin-helpers.js';

/** Characters XML forbids (U+FFFE, U+FFFF, half a surrogate pair: never two halves side by side) and C1 controls (NEL, CSI) and DEL, which no editor types. */
const FORBIDDEN = ['\uFFFE', '\uD800', '\uFFFF', '\uDC00', '\u0085', '\u009B', '\u0080', '\u009F', '\u007F'];
const CONTROL_MESSAGE = 'Недопустимые управляющие символы.';
/** Any of them, or a C0 control but tab and line breaks, in a served document. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_FORBIDDEN = /[\u0000-\u0008\v\f\u000E-\u001F\u007F-\u009F\p{Cs}\uFFFE\uFFFF]/u;

const isWellFormedXml = (text: string) => {
  const document = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  return document.getElementsByTagName('parsererror').length === 0;
};

/**
 * No text field takes a control character or a character XML forbids (400 naming the field, in Russian), and no
 * stored text (written before the rule, or around it) can make a feed invalid: RSS, sitemaps and iCalendar leave them out.
 */
describe.each(await testDialects())('characters XML forbids, in fields and feeds (%s)', (dialect) => {
  let t: TestApp;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await adminHeaders(t.app, 'MANAGER');
  });
  afterAll(() => t?.close());

  it.each(FORBIDDEN.map((char) => [`U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, char]))(
    'refuses %s in a title, a one-line and a multi-line field, naming the field',
    async (_name, char) => {
      // JSON carries every one of them; a form's UTF-8 cannot carry half a surrogate pair.
      const json = (fields: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/investor-events',
          headers: manager,
          payload: { starts_at: daysAgo(-5), public_at: daysAgo(1), ...fields },
        });
      const form = (fields: Record<string, string>) => postForm(t.app, '/api/admin/news/add', manager, { public_at: daysAgo(1), ...fields });
      const surrogate = /\p{Cs}/u.test(char);
      for (const [send, field, fields] of [
        [json, 'title', { title: `Собрание ${char} акционеров` }],
        [json, 'place', { title: 'Собрание', place: `Москва${char}` }],
        ...(surrogate
          ? []
          : ([
              [form, 'title', { title: `Новость ${char} дня`, lead: 'Анонс' }],
              [form, 'lead', { title: 'Новость дня', lead: `Первая строка\n${char}вторая` }],
            ] as const)),
      ] as const) {
        const response = await send(fields);
        expect(response.statusCode, field).toBe(400);
        expect(response.json().errors[field]).toContain(CONTROL_MESSAGE);
      }
    },
  );

  it('keeps RSS and sitemaps valid XML and iCalendar free of control characters, whatever the stored text holds', async () => {
    const news = await postForm(t.app, '/api/admin/news/add', manager, { title: 'Чистая новость', lead: 'Анонс', public_at: daysAgo(1) });
    expect(news.statusCode).toBe(200);
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/admin/investor-events',
      headers: manager,
      payload: { title: 'Годовое собрание', starts_at: daysAgo(-5), public_at: daysAgo(1), place: 'Москва' },
    });
    expect(event.statusCode).toBe(200);
    const stored = FORBIDDEN.join('');
    // Written around the API, as a text stored before the rule or brought in by a restore would be.
    await sql`update news set title = ${`Новость${stored} дня`}, lead = ${`Анонс${stored}`} where id = ${news.json().data.id}`.execute(t.app.db);
    await sql`update investor_events set title = ${`Собрание${stored}`}, place = ${`Москва${stored}`} where id = ${event.json().data.id}`.execute(t.app.db);

    const rss = await t.app.inject('/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(isWellFormedXml(rss.body)).toBe(true);
    // A database keeps half a surrogate pair as U+FFFD (SQLite and PostgreSQL alike), which XML allows.
    expect(rss.body).toMatch(/<title>Новость\uFFFD* дня<\/title>/u);
    expect(rss.body).not.toMatch(ANY_FORBIDDEN);

    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(isWellFormedXml(sitemap.body)).toBe(true);

    const calendar = await t.app.inject('/investoram/kalendar.ics');
    expect(calendar.statusCode).toBe(200);
    expect(calendar.body).toMatch(/SUMMARY:Собрание\uFFFD*\r\n/u);
    expect(calendar.body).toMatch(/LOCATION:Москва\uFFFD*\r\n/u);
    expect(calendar.body).not.toMatch(ANY_FORBIDDEN);
  });
});
