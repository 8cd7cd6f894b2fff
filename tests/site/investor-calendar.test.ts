import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from './server.js';

/** The investor calendar's pages of the built site, on the demo content (three events in 2027, one in 2026). */

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
}, 240_000);
afterAll(async () => {
  await site?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, html: (await response.text()).replaceAll('\u00a0', ' ').replaceAll('<!-- -->', ''), headers: response.headers };
};
const titles = (html: string) => [...html.matchAll(/class="card__link">([^<]+)</g)].map((match) => match[1]);

describe('/investoram/kalendar', () => {
  it('lists the upcoming events soonest first, the past ones newest first, with the parts as chips', async () => {
    const upcoming = await get('/investoram/kalendar');
    expect(upcoming.status).toBe(200);
    expect(upcoming.html).toContain('<title>Календарь инвестора | Смарт Горизонт</title>');
    expect(titles(upcoming.html)).toEqual([
      'Публикация результатов за 2026 год по МСФО',
      'Годовое общее собрание акционеров',
      'Дата закрытия реестра для выплаты дивидендов',
    ]);
    expect(upcoming.html).toMatch(
      /<nav aria-label="События"><ul class="chips"><li><a class="chip" href="\/investoram\/kalendar" aria-current="page">Предстоящие</,
    );
    expect(upcoming.html).toContain('href="/investoram/kalendar?period=past">Прошедшие<');
    expect(upcoming.html).toContain('href="/investoram/kalendar.ics"');
    // A meeting's time in Moscow (the demo leaves its end empty, as it leaves every optional date).
    expect(upcoming.html).toContain('24 июня 2027 г.</time>, 11:00 мск');

    const past = await get('/investoram/kalendar?period=past');
    expect(titles(past.html)).toEqual(['Публикация результатов за 2025 год по МСФО']);
    expect(past.html).toContain('<title>Календарь инвестора — Прошедшие | Смарт Горизонт</title>');
    expect(past.html).toMatch(/<link rel="canonical" href="[^"]*\/investoram\/kalendar\?period=past"\/>/);
    expect((await get('/investoram/kalendar?period=soon')).status).toBe(404);
  });

  it('shows an event marked up as a schema.org Event, with its iCalendar file to add', async () => {
    const list = await get('/investoram/kalendar');
    const href = /href="(\/investoram\/kalendar\/[a-z0-9-]+)" class="card__link">Годовое общее/.exec(list.html)?.[1];
    expect(href).toBeDefined();
    const page = await get(href ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('"@type":"Event"');
    expect(page.html).toContain('"startDate":"2027-06-24T08:00:00.000Z"');
    expect(page.html).not.toContain('"endDate"');
    const ics = /href="(\/investoram\/kalendar\/\d+\.ics)"[^>]*>Добавить в календарь</.exec(page.html)?.[1];
    expect(ics).toBeDefined();
    const file = await fetch(`${site.url}${ics ?? ''}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = (await file.text()).replaceAll('\r\n ', '');
    expect(body).toContain('DTSTART:20270624T080000Z');
    expect(body).toContain('SUMMARY:Годовое общее собрание акционеров');
  });
});
