import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investorDocuments } from '../../lib/resources/investor-documents.js';
import { startSite, type RunningSite } from './server.js';
import { wholeSitemap } from '../helpers/sitemap.js';

/**
 * The investor documents page of the built site, on the demo content: what it expects is read from the descriptor's
 * demo records (listed newest first, in their declared order), never written out.
 */

const EXAMPLES = (investorDocuments.demo?.records ?? []).map((record) => ({
  title: String(record.title),
  category: String(record.category),
  year: Number(record.year),
}));
const ANNUAL = EXAMPLES.filter((example) => example.category === 'annual-reports');
const [NEWEST_ANNUAL] = ANNUAL;
const OLDEST_YEAR = Math.min(...EXAMPLES.map((example) => example.year));

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
}, 240_000);
afterAll(async () => {
  await site?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
};
const titles = (html: string) => [...html.matchAll(/class="documents__title"[^>]*>([^<]+)</g)].map((match) => match[1]);

describe('/investoram/dokumenty', () => {
  it('lists the published documents with format and size in MB in the link text, date, and filter links by category and year', async () => {
    const { status, html } = await get('/investoram/dokumenty');
    expect(status).toBe(200);
    expect(html).toContain('<title>Документы для инвесторов | Смарт Горизонт</title>');
    expect(titles(html)).toEqual(EXAMPLES.map((example) => example.title));
    expect(html).toMatch(/class="documents__title"[^>]*>[^<]+<span class="documents__file"> \(PDF, 0,0\u00a0МБ\)<\/span><\/a>/);
    expect(html).toContain('href="/investoram/dokumenty?category=annual-reports"');
    expect(html).toContain(`href="/investoram/dokumenty?year=${OLDEST_YEAR}"`);
    expect(html).toMatch(new RegExp(`href="/api/investor-documents/\\d+/file" download="${NEWEST_ANNUAL?.title}.pdf"`));
  });

  it('filters by category and year, and a filter that names nothing is a 404', async () => {
    expect(ANNUAL.length).toBeGreaterThan(1);
    expect(titles((await get('/investoram/dokumenty?category=annual-reports')).html)).toEqual(ANNUAL.map((example) => example.title));
    const both = await get(`/investoram/dokumenty?category=annual-reports&year=${OLDEST_YEAR}`);
    expect(titles(both.html)).toEqual(ANNUAL.filter((example) => example.year === OLDEST_YEAR).map((example) => example.title));
    expect(both.html).toContain(`<title>Документы для инвесторов — Годовые отчёты — ${OLDEST_YEAR} | Смарт Горизонт</title>`);
    expect((await get('/investoram/dokumenty?category=secret')).status).toBe(404);
    expect((await get('/investoram/dokumenty?year=20x4')).status).toBe(404);
    expect((await get('/investoram/dokumenty?page=1')).status).toBe(301);
  });

  it('downloads a file under its original name', async () => {
    const href = /href="(\/api\/investor-documents\/\d+\/file)"/.exec((await get('/investoram/dokumenty?category=disclosure')).html)?.[1];
    const response = await fetch(`${site.url}${href ?? ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Сообщение о существенном факте: решения совета директоров.pdf')}`,
    );
    expect((await response.text()).startsWith('%PDF-')).toBe(true);
  });

  it('is in the investor section menu, on the section index and in the sitemap', async () => {
    expect((await get('/investoram')).html).toContain('href="/investoram/dokumenty"');
    expect((await get('/investoram/informatsiya-dlya-aktsionerov')).html).toContain('href="/investoram/dokumenty"');
    expect(await wholeSitemap(async (path) => (await get(path)).html)).toContain('/investoram/dokumenty</loc>');
  });
});
