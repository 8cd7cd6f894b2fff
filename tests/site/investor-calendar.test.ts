import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoscowTime } from '../../lib/format.js';
import { demoMomentAt, isDemoMoment } from '../../lib/resources/index.js';
import { investorEvents } from '../../lib/resources/investor-events.js';
import { utcMoment } from '../../server/site/icalendar.js';
import { startSite, type RunningSite } from './server.js';

/**
 * The investor calendar's pages of the built site, on the demo content: its events are dated relative to the day the
 * demo was seeded (three to come, one past), so every expected date is computed from that declaration and the
 * seeding moment, never written as a fixed date.
 */

const EXAMPLES = (investorEvents.demo?.records ?? []).map((record) => {
  const start = record.starts_at;
  if (!isDemoMoment(start)) throw new Error('the demo events are dated relative to the seeding');
  return { title: String(record.title), start };
});
const upcoming = EXAMPLES.filter(({ start }) => start.daysFromNow > 0).sort((a, b) => a.start.daysFromNow - b.start.daysFromNow);
const past = EXAMPLES.filter(({ start }) => start.daysFromNow < 0).sort((a, b) => b.start.daysFromNow - a.start.daysFromNow);
const MEETING = 'Годовое общее собрание акционеров';

let site: RunningSite;
/** When the demo was seeded: the moment its records were written. */
let seededAt: number;
/** When the demo's meeting starts. */
let meetingStart: string;
beforeAll(async () => {
  site = await startSite();
  const row = await site.app.db.selectFrom('investor_events').select('created_at').orderBy('id').executeTakeFirstOrThrow();
  seededAt = Date.parse(row.created_at);
  const meeting = EXAMPLES.find(({ title }) => title === MEETING);
  if (!meeting) throw new Error('the demo has its meeting');
  meetingStart = demoMomentAt(meeting.start, seededAt);
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
    const list = await get('/investoram/kalendar');
    expect(list.status).toBe(200);
    expect(list.html).toContain('<title>Календарь инвестора | Смарт Горизонт</title>');
    expect(upcoming).toHaveLength(3);
    expect(past).toHaveLength(1);
    expect(titles(list.html)).toEqual(upcoming.map(({ title }) => title));
    expect(list.html).toMatch(/<nav aria-label="События"><ul class="chips"><li><a class="chip" href="\/investoram\/kalendar" aria-current="page">Предстоящие</);
    expect(list.html).toContain('href="/investoram/kalendar?period=past">Прошедшие<');
    expect(list.html).toContain('href="/investoram/kalendar.ics"');
    // A meeting's time in Moscow (the demo leaves its end empty, as it leaves every optional date).
    expect(list.html).toContain(`${formatDate(meetingStart)}</time>, ${formatMoscowTime(meetingStart)} мск`);
    expect(formatMoscowTime(meetingStart)).toBe('11:00');

    const pastList = await get('/investoram/kalendar?period=past');
    expect(titles(pastList.html)).toEqual(past.map(({ title }) => title));
    expect(pastList.html).toContain('<title>Календарь инвестора — Прошедшие | Смарт Горизонт</title>');
    expect(pastList.html).toMatch(/<link rel="canonical" href="[^"]*\/investoram\/kalendar\?period=past"\/>/);
    expect((await get('/investoram/kalendar?period=soon')).status).toBe(404);
  });

  it('shows an event marked up as a schema.org Event, with its iCalendar file to add', async () => {
    const list = await get('/investoram/kalendar');
    const href = /href="(\/investoram\/kalendar\/[a-z0-9-]+)" class="card__link">Годовое общее/.exec(list.html)?.[1];
    expect(href).toBeDefined();
    const page = await get(href ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('"@type":"Event"');
    expect(page.html).toContain(`"startDate":"${meetingStart}"`);
    expect(page.html).not.toContain('"endDate"');
    const ics = /href="(\/investoram\/kalendar\/\d+\.ics)"[^>]*>Добавить в календарь</.exec(page.html)?.[1];
    expect(ics).toBeDefined();
    const file = await fetch(`${site.url}${ics ?? ''}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = (await file.text()).replaceAll('\r\n ', '');
    expect(body).toContain(`DTSTART:${utcMoment(meetingStart)}`);
    expect(body).toContain(`SUMMARY:${MEETING}`);
  });
});
