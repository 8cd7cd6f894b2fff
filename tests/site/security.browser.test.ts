import { type Browser } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/content/sanitize.js';
import { startSite, type RunningSite } from './server.js';

/**
 * The public site's side of the security findings: page addresses with ids past the integer range or control
 * characters are plain 404s, and an article whose stored HTML carries the ids of Vike's hydration scripts
 * still hydrates and navigates on the client (the content is sanitised when it is written, ids prefixed).
 */

const SLUG = 'hydration-clobbering-attempt';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  const now = new Date().toISOString();
  // Written straight into the database as every writer stores HTML: through the sanitiser, which drops the ids.
  await site.app.db
    .insertInto('news')
    .values({
      title: 'Статья с чужими id',
      slug: SLUG,
      lead: 'Проверка гидратации',
      content: sanitizeHtml(
        '<div id="vike_pageContext" type="application/json">{"x":1}</div><script id="vike_globalContext" type="application/json">{"y":2}</script>' +
          '<p id="vike_globalContext">{"y":2}</p><form name="getElementById"><p>Текст статьи.</p></form>',
      ),
      image: null,
      image_alt: '',
      public_at: '2026-01-01T09:00:00.000Z',
      published: 1,
      seo_title: '',
      seo_description: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  browser = await sharedChromium();
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

describe('page addresses that can name nothing', () => {
  it.each(['/news/999999999999999', '/news/2147483648', '/news/%00', '/news/a%00b', '/investoram/%00x', '/a%00b', '/media/nashi-novosti/2147483648'])(
    '%s answers 404',
    async (url) => {
      const response = await fetch(site.url + url, { redirect: 'manual' });
      expect(response.status).toBe(404);
    },
  );
});

describe('hydration data cannot be clobbered by article HTML', () => {
  it('the article is served without its ids: the only vike_pageContext is the page’s own', async () => {
    const html = await (await fetch(`${site.url}/news/${SLUG}`)).text();
    expect(html).not.toContain('user-content-');
    expect(html.match(/id="vike_pageContext"/g)).toHaveLength(1);
  });

  it('the article hydrates, and the page its link leads to hydrates too', async () => {
    const context = await browser.newContext({ baseURL: site.url, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/news/${SLUG}`);
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true, undefined);
    await page.locator('a[href="/news"]').first().click();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Новости');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true, undefined);
    expect(errors).toEqual([]);
    await context.close();
  });
});
