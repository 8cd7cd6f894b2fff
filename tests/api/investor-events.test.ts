import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { jpegImage, keysOfImage, leaveLibrary, libraryHolding, multipart, pngImage } from './admin-helpers.js';
import { ensureSiteBuilt } from '../site/server.js';

interface InvestorEvent {
  id: number;
  slug: string;
  title: string;
}

interface ListAnswer {
  items: { id: number; title: string; starts_at: string }[];
  total: number;
}

const inDays = (days: number): string => daysAgo(-days);

/**
 * The investor calendar, declared with its migration, descriptor, registry line, admin folder and page folder: its
 * REST API with the «not before» rule, its list in two parts relative to now (upcoming soonest first, past newest
 * first) that an event leaves for the other at its start without any write, its indexes, OpenAPI and iCalendar files.
 */
describe.each(await testDialects())('investor calendar on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    headers = (await userWithToken(t.app, 'MANAGER')).headers;
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/investor-events', headers, payload });
  const add = async (values: Record<string, unknown>) => {
    const response = await post({ public_at: daysAgo(30), ...values });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as InvestorEvent;
  };
  const titles = async (query = '') => ((await get(`/api/investor-events${query}`)).json().data as ListAnswer).items.map((item) => item.title);

  it('keeps an end not before the start: equal is allowed, earlier is a 400 in Russian, on add and on update', async () => {
    const start = inDays(400);
    const refused = await post({
      title: 'Неверное событие',
      public_at: daysAgo(1),
      starts_at: start,
      ends_at: new Date(Date.parse(start) - 60_000).toISOString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ ends_at: ['Дата окончания не может быть раньше даты начала.'] });
    const same = await add({ title: 'Событие одного мгновения', starts_at: start, ends_at: start });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/investor-events/${same.id}`,
      headers: { ...headers, 'if-match': '*' },
      payload: { starts_at: inDays(401) },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ ends_at: ['Дата окончания не может быть раньше даты начала.'] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/investor-events/${same.id}`, headers: { ...headers, 'if-match': '*' } })).statusCode).toBe(
      200,
    );
  });

  it('lists upcoming events soonest first by default, past ones newest first on request, and refuses an unknown part', async () => {
    await add({ title: 'Собрание через месяц', starts_at: inDays(30), place: 'Москва' });
    await add({ title: 'Дивиденды через неделю', starts_at: inDays(7) });
    await add({ title: 'Отчёт месяц назад', starts_at: daysAgo(30) });
    await add({ title: 'Отчёт неделю назад', starts_at: daysAgo(7) });
    await add({ title: 'Черновик события', starts_at: inDays(3), published: 0 });
    await add({ title: 'Событие, объявленное завтра', starts_at: inDays(60), public_at: inDays(1) });

    expect(await titles()).toEqual(['Дивиденды через неделю', 'Собрание через месяц']);
    expect(await titles('?period=upcoming')).toEqual(['Дивиденды через неделю', 'Собрание через месяц']);
    expect(await titles('?period=past')).toEqual(['Отчёт неделю назад', 'Отчёт месяц назад']);

    const unknown = await get('/api/investor-events?period=soon');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/[а-яё]/i);
    expect(JSON.stringify(unknown.json())).toContain('upcoming, past');
  });

  it('moves an event from the upcoming ones to the past ones at its start, without any write, past the page cache', async () => {
    expect(t.app.pageCache.enabled).toBe(true);
    // Far enough ahead for a loaded machine to add it and read both parts twice before it starts.
    const at = Date.now() + 6000;
    await add({ title: 'Телефонная конференция', starts_at: new Date(at).toISOString() });
    // Read twice: the second answers come from the cache.
    for (let read = 0; read < 2; read++) {
      expect(await titles()).toContain('Телефонная конференция');
      expect(await titles('?period=past')).not.toContain('Телефонная конференция');
    }
    expect((await get('/api/investor-events')).headers['cache-status']).toMatch(/hit/);
    // Asked again and again, as visitors do, until its start has come: then it has moved.
    await expect.poll(() => titles(), { timeout: Math.max(0, at - Date.now()) + 10_000 }).not.toContain('Телефонная конференция');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await titles('?period=past'))[0]).toBe('Телефонная конференция');
  });

  it('describes the parameter and the parts in OpenAPI, and derives the parts’ index', async () => {
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get: { description: string; parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    const operation = document.paths['/api/investor-events']?.get;
    expect(operation?.description).toContain('`upcoming` (starts_at ≥ now; ordered by starts_at asc)');
    expect(operation?.description).toContain('`past` (starts_at < now; ordered by starts_at desc)');
    expect(operation?.parameters.find((parameter) => parameter.name === 'period')?.schema.enum).toEqual(['upcoming', 'past']);
    const { declaredIndexName } = await import('../../server/db/declaredIndexes.js');
    const name = declaredIndexName({ table: 'investor_events', columns: ['published', 'starts_at', 'id', 'public_at'] });
    const { sql } = await import('kysely');
    const found =
      dialect === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes where indexname = ${name}`.execute(t.app.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = ${name}`.execute(t.app.db);
    expect(found.rows).toHaveLength(1);
  });

  it('answers the upcoming events as an iCalendar feed and one event as its own file', async () => {
    const event = await add({
      title: 'Годовое собрание акционеров; итоги, дивиденды',
      starts_at: '2031-06-24T08:00:00.000Z',
      ends_at: '2031-06-24T11:00:00.000Z',
      place: 'Москва, ул. Примерная, 1',
      description: '<p>Повестка дня.</p>',
    });
    const feed = await get('/investoram/kalendar.ics');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    // Long lines are folded (the unit test checks how): unfolded, the title is one escaped value.
    expect(feed.body.replaceAll('\r\n ', '')).toContain('SUMMARY:Годовое собрание акционеров\\; итоги\\, дивиденды');
    expect(feed.body).not.toContain('Отчёт неделю назад');
    expect(feed.body.split('\r\n').filter((line) => line === 'BEGIN:VEVENT').length).toBe((await titles()).length);

    const one = await get(`/investoram/kalendar/${event.id}.ics`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    const lines = one.body.replaceAll('\r\n ', '').split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('DTSTART:20310624T080000Z');
    expect(lines).toContain('DTEND:20310624T110000Z');
    expect(lines).toContain('DESCRIPTION:Повестка дня.');
    expect(lines).toContain('LOCATION:Москва\\, ул. Примерная\\, 1');
    expect((await get('/investoram/kalendar/999999.ics')).statusCode).toBe(404);
  });

  it('takes a picture as a file part on add and on update, like the verb resources, and shows it on the page', async () => {
    const form = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, image: Buffer, filename: string) => {
      const body = multipart(fields, [{ field: 'image', filename, data: image, type: filename.endsWith('.png') ? 'image/png' : 'image/jpeg' }]);
      const response = await t.app.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...headers, ...body.headers, ...(method === 'PUT' ? { 'if-match': '*' } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as InvestorEvent & { image: { src: string } | null; image_alt: string; place: string };
    };
    const added = await form(
      'POST',
      '/api/admin/investor-events',
      { title: 'День инвестора с картинкой', starts_at: inDays(90), public_at: daysAgo(1), image_alt: 'Зал собрания' },
      await jpegImage(1200, 800),
      'zal.jpg',
    );
    expect(added.image?.src).toMatch(/\.jpg$/);
    expect(added.image_alt).toBe('Зал собрания');
    const first = added.image;

    const page = await get(`/investoram/kalendar/${added.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<img[^>]+alt="Зал собрания"/);
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]+"/);
    expect(page.body).toContain('"image":["');

    // A new file replaces the old one; a save without a file keeps the picture.
    const replaced = await form('PUT', `/api/admin/investor-events/${added.id}`, { place: 'Санкт-Петербург' }, await pngImage(800, 600), 'novyj.png');
    expect(replaced.image?.src).toMatch(/^\/uploads\/investor-events\//);
    expect(replaced.image?.src).not.toBe(first?.src);
    expect(replaced.place).toBe('Санкт-Петербург');
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/investor-events/${added.id}`,
      headers: { ...headers, 'if-match': '*' },
      payload: { place: 'Казань' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.image.src).toBe(replaced.image?.src);

    const notPicture = multipart({ title: 'Событие с текстом вместо картинки', starts_at: inDays(91), public_at: daysAgo(1) }, [
      { field: 'image', filename: 'fake.jpg', data: Buffer.from('not a picture at all'), type: 'image/jpeg' },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/investor-events',
      payload: notPicture.payload,
      headers: { ...headers, ...notPicture.headers },
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toMatch(/[а-яё]/i);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/investor-events/${added.id}`, headers: { ...headers, 'if-match': '*' } })).statusCode).toBe(
      200,
    );
  });

  it('removes the picture with a PUT sending it as null (JSON) or empty (a form): the record and its page show none, the files go as replaced ones do', async () => {
    type Pictured = InvestorEvent & { image: { src: string; variants: { src: string }[] } | null; image_alt: string };
    const withPicture = async (fields: Record<string, string>) => {
      const body = multipart(fields, [{ field: 'image', filename: 'zal.png', data: await pngImage(900, 600), type: 'image/png' }]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/investor-events',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Pictured;
    };
    const put = (id: number, payload: Record<string, unknown> | Buffer, extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/investor-events/${id}`, headers: { ...headers, 'if-match': '*', ...extra }, payload });
    const onDisk = (key: string) => existsSync(path.join(t.config.uploadsDir, key));

    const event = await withPicture({ title: 'Собрание без картинки', starts_at: inDays(120), public_at: daysAgo(1), image_alt: 'Зал' });
    const keys = keysOfImage(event.image);
    expect(keys.length).toBeGreaterThan(2);
    // Taken out of the media library, the picture is the record's alone: removing it deletes its files.
    await leaveLibrary(t.app, event.image?.src ?? '');
    const removed = await put(event.id, { image: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ id: event.id, image: null, image_alt: 'Зал' });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/investor-events/${event.id}`, headers })).json().data.image).toBeNull();
    for (const key of keys) expect(onDisk(key), key).toBe(false);
    const page = await get(`/investoram/kalendar/${event.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<img[^>]+alt="Зал"/);
    expect(page.body).not.toContain('/uploads/investor-events/');

    // From a form, an empty part removes it too; a picture of the library stays there, no longer used by the record.
    const other = await withPicture({ title: 'Отчёт без картинки', starts_at: inDays(121), public_at: daysAgo(1) });
    const form = multipart({ image: '' }, []);
    const cleared = await put(other.id, form.payload, form.headers);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.image).toBeNull();
    for (const key of keysOfImage(other.image)) expect(onDisk(key), key).toBe(true);
    expect((await libraryHolding(t.app, other.image?.src ?? ''))?.usedBy).not.toContain(`investor-events/${other.id}`);

    // A save that does not name the picture keeps none as none, and a new one may be sent again.
    expect((await put(other.id, { place: 'Казань' })).json().data.image).toBeNull();
    for (const id of [event.id, other.id])
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/investor-events/${id}`, headers: { ...headers, 'if-match': '*' } })).statusCode).toBe(
        200,
      );
  });
});
