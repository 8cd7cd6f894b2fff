import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutPreviewToken } from '../../server/preview/links.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, postForm } from './admin-helpers.js';

/** A preview link opens a draft for an hour to whoever holds it: its token never reaches the server's log. */
describe.each(await testDialects())('preview links in the log on %s', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { build: { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } } });
  }, 240_000);
  afterAll(() => t?.close());

  it('logs the page asked for with its preview parameter hidden, however the parameter is spelt', async () => {
    const headers = await adminHeaders(t.app, 'USER');
    const added = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Черновик для журнала',
      lead: 'Анонс',
      public_at: daysAgo(1),
      published: '0',
    });
    expect(added.statusCode).toBe(200);
    const { id, slug } = added.json().data as { id: number; slug: string };
    const link = await t.app.inject({ method: 'POST', url: `/api/admin/news/preview/${id}`, headers });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data as { url: string };
    const token = url.slice(url.indexOf('=') + 1);
    expect(token.length).toBeGreaterThan(20);

    const visits = [url, `/news/${slug}?pr%65view=${token}`, `/news/${slug}?utm_source=mail&preview=${token}&x=1`, `/news/${slug}?preview=${token}x`];
    const statuses = [];
    for (const visit of visits) statuses.push((await t.app.inject(visit)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 403]);

    const logged = lines.join('');
    expect(logged).toContain(`"url":"/news/${slug}?preview=[hidden]"`);
    expect(logged).toContain(`"url":"/news/${slug}?utm_source=mail&preview=[hidden]&x=1"`);
    expect(logged).not.toContain(token.slice(0, 40));
    expect(logged).not.toContain(token.slice(-20));
  });
});

describe('withoutPreviewToken', () => {
  it('leaves other addresses as they are', () => {
    expect(withoutPreviewToken('/news/a?page=2&previews=1')).toBe('/news/a?page=2&previews=1');
    expect(withoutPreviewToken('/news/a')).toBe('/news/a');
    expect(withoutPreviewToken('/news/a?preview')).toBe('/news/a?preview=[hidden]');
    expect(withoutPreviewToken('/news/a?%E0=1&preview=t')).toBe('/news/a?%E0=1&preview=[hidden]');
  });
});
