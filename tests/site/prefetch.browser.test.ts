import { type Browser } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, postForm } from '../api/admin-helpers.js';
import { startSite, type RunningSite } from './server.js';

/**
 * Prefetched pages in a browser: the page arrives once its link is visible, its code when the visitor points at the
 * link (not before: the first visit loads this page's code only), and a change made since still shows.
 */

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await sharedChromium();
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

describe('a prefetched page', () => {
  it('arrives before the click, its code once the link is pointed at, and is asked for again when followed, so that an editor’s save shows', async () => {
    const context = await browser.newContext({ viewport: { width: 1340, height: 900 }, baseURL: site.url });
    // Tells when the prefetcher is done with the /news page it fetched: it reads the page's text, and what it does
    // with it (note the page's code, preload it if asked for) runs in the microtasks after the text is read, before
    // the timer this sets.
    await context.addInitScript(() => {
      const text = Response.prototype.text;
      Response.prototype.text = function (this: Response) {
        const read = text.call(this);
        if (new URL(this.url).pathname === '/news') {
          (window as Window & { __newsRead?: Promise<void> }).__newsRead = read.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
        }
        return read;
      };
    });
    const page = await context.newPage();
    const prefetched: string[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'fetch' && url.pathname === '/news') prefetched.push('document');
      if (/\/assets\/entries\/site_pages_-public-_news\./.test(url.pathname)) prefetched.push('code');
    });
    await page.goto('/');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
    await expect.poll(() => prefetched.includes('document')).toBe(true);
    // The next page's code is named only in the next page itself: once the prefetcher is done with that page,
    // nothing has brought its code (no preload of it was added to the page, none was asked for).
    await page.waitForFunction(() => (window as Window & { __newsRead?: Promise<void> }).__newsRead !== undefined);
    await page.evaluate(() => (window as Window & { __newsRead?: Promise<void> }).__newsRead);
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/entries/site_pages_-public-_news."]').count()).toBe(0);
    expect(prefetched).not.toContain('code');

    const link = page.locator('.topbar a[href="/news"]');
    await link.hover();
    await expect.poll(() => prefetched.includes('code')).toBe(true);

    const response = await postForm(site.app, '/api/admin/news/add', await adminHeaders(site.app), {
      title: 'Новость, сохранённая после предзагрузки',
      public_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(200);

    const document = page.waitForResponse((answer) => answer.request().isNavigationRequest() && new URL(answer.url()).pathname === '/news');
    await link.click();
    await document;
    await expect.poll(() => page.locator('main').textContent()).toContain('Новость, сохранённая после предзагрузки');
    await context.close();
  });
});
